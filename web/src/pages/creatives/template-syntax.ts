import { parseTemplate } from '../../../../shared/mailing/creatives/template';

/**
 * The template language as the editor shows it: the source cut into highlighted segments, and a parse
 * fault placed at its line and column. The fault itself comes from the server's own parser
 * (shared/mailing/creatives/template.ts, pure), so the editor never says "fine" to what a save would refuse.
 */

export type SegmentKind = 'text' | 'var' | 'spin-open' | 'spin-sep' | 'spin-close' | 'escape' | 'raw';

export interface Segment {
  kind: SegmentKind;
  text: string;
  /** Offset of the segment in the source. */
  start: number;
  /** Spin nesting level (1 = outermost) for spin braces and separators. */
  depth?: number;
}

// The same variable and raw-block syntax as the parser (shared/mailing/creatives/template.ts).
const VAR = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*(?:\|((?:[^{}\\]|\\.)*))?\}\}/y;
const RAW_BLOCK = /<(style|script)\b/iy;
const ESCAPABLE = new Set(['{', '}', '|', '\\']);

/** `style` or `script` when a raw block (copied verbatim, braces and all) opens at `pos`. */
function rawBlockAt(src: string, pos: number) {
  RAW_BLOCK.lastIndex = pos;
  return RAW_BLOCK.exec(src)?.[1].toLowerCase();
}

/** Cuts a template into segments for highlighting. Never throws: a fault still highlights what precedes it. */
export function templateSegments(src: string): Segment[] {
  const out: Segment[] = [];
  let depth = 0;
  let textStart = 0;
  let pos = 0;
  const push = (kind: SegmentKind, end: number, d?: number) => {
    if (pos > textStart) out.push({ kind: 'text', text: src.slice(textStart, pos), start: textStart });
    out.push({ kind, text: src.slice(pos, end), start: pos, ...(d !== undefined ? { depth: d } : {}) });
    pos = end;
    textStart = end;
  };
  let lower: string | undefined;
  while (pos < src.length) {
    const c = src[pos];
    if (c === '\\' && pos + 1 < src.length && ESCAPABLE.has(src[pos + 1])) push('escape', pos + 2);
    else if (c === '<' && rawBlockAt(src, pos)) {
      lower ??= src.toLowerCase();
      const close = lower.indexOf(`</${rawBlockAt(src, pos)}`, pos);
      push('raw', close < 0 ? src.length : close + 2);
    } else if (c === '{') {
      VAR.lastIndex = pos;
      const m = src[pos + 1] === '{' ? VAR.exec(src) : null;
      if (m) push('var', pos + m[0].length);
      else push('spin-open', pos + 1, ++depth);
    } else if (c === '}' && depth > 0) push('spin-close', pos + 1, depth--);
    else if (c === '|' && depth > 0) push('spin-sep', pos + 1, depth);
    else pos++;
  }
  if (pos > textStart) out.push({ kind: 'text', text: src.slice(textStart, pos), start: textStart });
  return out;
}

export interface TemplateFault {
  message: string;
  position: number;
  line: number;
  column: number;
  /** The source line the fault is on, and a caret line pointing at its column. */
  lineText: string;
  caret: string;
}

/** Line and column (both from 1) of an offset; tabs count as one column, as the caret line keeps them. */
export function lineColumn(src: string, position: number) {
  const before = src.slice(0, Math.max(0, Math.min(position, src.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1, lineStart };
}

export function faultAt(src: string, message: string, position: number): TemplateFault {
  const { line, column, lineStart } = lineColumn(src, position);
  const end = src.indexOf('\n', lineStart);
  const lineText = src.slice(lineStart, end < 0 ? src.length : end);
  // The caret line keeps the line's tabs so the caret sits under the character in a monospace block.
  const caret = `${lineText.slice(0, column - 1).replace(/[^\t]/g, ' ')}^`;
  return { message, position, line, column, lineText, caret };
}

/** The template's parse fault, or null when it parses. */
export function templateFault(src: string): TemplateFault | null {
  const parsed = parseTemplate(src);
  // The parser's message ends with the offset (`unbalanced "{" at 12`): the editor says line and column instead.
  return parsed.ok ? null : faultAt(src, parsed.message.replace(/ at \d+$/, ''), parsed.position);
}

/**
 * A save's 400 names the field and the fault's offset (`bodyHtml: unbalanced "{" at 12`): placed in the
 * source that was sent, it reads as a line and a column.
 */
export function faultFromMessage(src: string, message: string): TemplateFault | null {
  const m = /^(?:subject|bodyHtml): (.+) at (\d+)$/.exec(message);
  return m ? faultAt(src, m[1], Number(m[2])) : null;
}

/** Inserts `insert` over the selection [start, end) of `value`; the caret lands after it. */
export function insertAt(value: string, start: number, end: number, insert: string) {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}
