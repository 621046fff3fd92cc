/**
 * The template language of creatives (subject and bodyHtml). Pure: no I/O, no clock.
 *
 * Syntax
 * - Spintax `{a|b|c}`: one option per recipient; options may be empty (`{|, friend}`) and nested
 *   (`{Hi|Hello {there|all}}`).
 * - Variables `{{name}}` and `{{name|fallback}}`: names are `firstName`, `company.name`,
 *   `cf.<slug>` ... (see shared/mailing/creatives/variables.ts). The fallback is literal text used when the
 *   value is missing or empty; a missing value without a fallback renders as '' and is reported in
 *   `unresolved`.
 * - Escapes `\{`, `\}`, `\|`, `\\` produce the literal character (outside and inside spins).
 * - `<style>…</style>` and `<script>…</script>` blocks are copied verbatim, so CSS braces in an
 *   HTML body are never mistaken for spintax.
 * - `{{` that does not form a variable (`{{a|b}|c}`) is read as a nested spin.
 * - Spins nest at most MAX_SPIN_DEPTH (50) levels.
 *
 * Determinism: each spin has a fixed index (pre-order over the AST); its choice is
 * hash(seed, index) mod options, where the seed comes from (creative id, recipient id). So a re-render
 * or a retry gives the same text, and editing one spin does not reshuffle the others.
 *
 * Speed: a source is parsed once (AST cached per source string, bounded) and rendered from the AST.
 */

export type TemplateNode = string | { kind: 'var'; name: string; fallback?: string } | { kind: 'spin'; index: number; options: TemplateNode[][] };

export type ParseResult = { ok: true; tokens: string[] } | { ok: false; message: string; position: number };

export interface RenderOptions {
  /** A number, or a string hashed to one (use `templateSeed(creativeId, recipientId)`). */
  seed: number | string;
  /** Escape variable values (and fallbacks) for HTML. The subject is plain text: html false. */
  html: boolean;
}

export interface RenderResult {
  text: string;
  /** Variable names that had no value and no fallback (each once, in order of appearance). */
  unresolved: string[];
}

interface Ast {
  nodes: TemplateNode[];
  tokens: string[];
}

export class TemplateError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at ${position}`);
  }
}

/**
 * Spins nested deeper than this are refused (a TemplateError, so a 400 on save): the parser and the
 * renderer recurse once per level, and 10,000 `{` overflowed the stack. Real copy nests 2-3 levels.
 */
export const MAX_SPIN_DEPTH = 50;

const VAR = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*(?:\|((?:[^{}\\]|\\.)*))?\}\}/y;
const RAW_BLOCK = /<(style|script)\b/iy;
const ESCAPABLE = new Set(['{', '}', '|', '\\']);

function parseAst(src: string): Ast {
  let pos = 0;
  let spinCount = 0;
  let depth = 0;
  // Lower-cased once: a raw block's end is searched in it (per block, it cost the square of the length).
  let lower: string | undefined;
  const tokens = new Set<string>();

  // Parses a sequence until `}` or `|` (when inside a spin) or the end.
  function sequence(inSpin: boolean): TemplateNode[] {
    const out: TemplateNode[] = [];
    let text = '';
    const flush = () => {
      // The text was built char by char (a deep rope); store it flat so renders copy it cheaply.
      if (text) out.push(JSON.parse(JSON.stringify(text)) as string);
      text = '';
    };
    while (pos < src.length) {
      const c = src[pos];
      if (c === '\\' && pos + 1 < src.length && ESCAPABLE.has(src[pos + 1])) {
        text += src[pos + 1];
        pos += 2;
      } else if (c === '<') {
        RAW_BLOCK.lastIndex = pos;
        const m = RAW_BLOCK.exec(src);
        if (!m) {
          text += c;
          pos++;
          continue;
        }
        lower ??= src.toLowerCase();
        const close = lower.indexOf(`</${m[1].toLowerCase()}`, pos);
        const end = close < 0 ? src.length : close;
        text += src.slice(pos, end);
        pos = end;
        if (close >= 0) {
          text += src.slice(pos, pos + 2);
          pos += 2;
        }
      } else if (c === '{') {
        VAR.lastIndex = pos;
        const m = src[pos + 1] === '{' ? VAR.exec(src) : null;
        if (m) {
          flush();
          const node: TemplateNode = { kind: 'var', name: m[1] };
          if (m[2] !== undefined) node.fallback = m[2].replace(/\\(.)/g, '$1');
          tokens.add(m[1]);
          out.push(node);
          pos += m[0].length;
        } else {
          flush();
          out.push(spin());
        }
      } else if (c === '}') {
        if (inSpin) break;
        throw new TemplateError('unbalanced "}"', pos);
      } else if (c === '|' && inSpin) {
        break;
      } else {
        text += c;
        pos++;
      }
    }
    flush();
    return out;
  }

  function spin(): TemplateNode {
    const open = pos;
    if (++depth > MAX_SPIN_DEPTH) throw new TemplateError(`spintax nested more than ${MAX_SPIN_DEPTH} levels deep (escape a literal brace as \\{)`, open);
    pos++; // '{'
    const node = { kind: 'spin' as const, index: spinCount++, options: [] as TemplateNode[][] };
    for (;;) {
      node.options.push(sequence(true));
      if (pos >= src.length) throw new TemplateError('unbalanced "{"', open);
      if (src[pos] === '}') {
        pos++;
        depth--;
        return node;
      }
      pos++; // '|'
    }
  }

  const nodes = sequence(false);
  return { nodes, tokens: [...tokens] };
}

const CACHE_LIMIT = 1000;
const cache = new Map<string, Ast | TemplateError>();

function cachedAst(source: string): Ast | TemplateError {
  let ast = cache.get(source);
  if (ast) return ast;
  try {
    ast = parseAst(source);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    ast = e;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, ast);
  return ast;
}

/** Checks a template; `tokens` are the variable names it uses (each once). */
export function parseTemplate(source: string): ParseResult {
  const ast = cachedAst(source);
  if (ast instanceof TemplateError) return { ok: false, message: ast.message, position: ast.position };
  return { ok: true, tokens: [...ast.tokens] };
}

/** The AST (for callers that walk it, e.g. the content check counting spins). Throws TemplateError. */
export function templateAst(source: string): TemplateNode[] {
  const ast = cachedAst(source);
  if (ast instanceof TemplateError) throw ast;
  return ast.nodes;
}

/** 32-bit FNV-1a of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seed of one recipient's copy of one creative. */
export const templateSeed = (creativeId: string, recipientId: string) => fnv1a(`${creativeId}\u0000${recipientId}`);

/** A well-mixed 32-bit value from (seed, spin index): the mulberry32 step. */
function mix(seed: number, index: number): number {
  let t = (seed + Math.imul(index + 1, 0x6d2b79f5)) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const NEEDS_ESCAPE = /[&<>"']/;
export const escapeHtml = (s: string) => (NEEDS_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]) : s);

/** Looks a name up flat first (`vars['company.name']`), then as a dotted path (`vars.company.name`). */
function lookup(vars: Record<string, unknown>, name: string): string | undefined {
  let v: unknown = vars[name];
  if (v === undefined && name.includes('.')) {
    v = vars;
    for (const part of name.split('.')) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string, unknown>)[part];
    }
  }
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Renders a template for one recipient. Throws TemplateError when the source does not parse. */
export function renderTemplate(source: string, vars: Record<string, unknown>, options: RenderOptions): RenderResult {
  const nodes = templateAst(source);
  const seed = typeof options.seed === 'number' ? options.seed >>> 0 : fnv1a(options.seed);
  const html = options.html;
  let out = '';
  const unresolved: string[] = [];
  const walk = (list: TemplateNode[]) => {
    for (const n of list) {
      if (typeof n === 'string') out += n;
      else if (n.kind === 'var') {
        const v = lookup(vars, n.name) ?? n.fallback;
        if (v === undefined) {
          if (!unresolved.includes(n.name)) unresolved.push(n.name);
        } else out += html ? escapeHtml(v) : v;
      } else walk(n.options[mix(seed, n.index) % n.options.length]);
    }
  };
  walk(nodes);
  return { text: out, unresolved };
}
