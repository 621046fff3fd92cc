import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { FOREIGN, IMPLIES_CLOSE, INTEGRATION, RAW_END, VOID } from './bounds.js';

export interface HtmlElement {
  type: 'root' | 'tag' | 'script' | 'style';
  name: string;
  attribs: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export interface HtmlText {
  type: 'text';
  data: string;
}
/** A comment (a CDATA section is one in HTML) or a declaration/processing instruction (`data` without the `<` and `>`). */
export interface HtmlOther {
  type: 'comment' | 'directive';
  data: string;
}
export type HtmlNode = HtmlElement | HtmlText | HtmlOther;

/** The elements whose start tag htmlparser2's tokenizer recognises letter by letter (its "special" tags). */
const SPECIAL_NAMES = ['script', 'style', 'title', 'textarea', 'xmp'];
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const endsName = (c: number) => c === 47 || c === 62 || isSpace(c);

/**
 * The tree htmlparser2 10 (`parseDocument`, HTML mode, entities decoded) builds from `html`, for code that
 * only walks it: element names, attributes, text, and where comments and declarations stand. It follows
 * htmlparser2's tokenizer and tree building rule for rule (implied closes, void elements, `/>` only in
 * SVG/MathML, raw text of script/style/textarea/xmp, entities in title, `</p>` and `</br>` without an
 * open element, what an unfinished construct at the end leaves), so that callers convert the same tree;
 * test/unit/html-tree.test.ts compares both on many documents. Without htmlparser2's streaming tokenizer
 * it is a fraction of its size, the entity table aside (issue 25). Callers bound `html` first (bounds.ts).
 */
export function parseHtmlTree(html: string): HtmlElement {
  const root: HtmlElement = { type: 'root', name: '', attribs: {}, children: [], parent: null };
  const stack = [root];
  const foreign = [false];
  let lastText: HtmlText | null = null;
  const top = () => stack[stack.length - 1];
  const add = (node: HtmlNode) => {
    top().children.push(node);
    lastText = null;
  };
  const text = (data: string) => {
    if (!data) return;
    if (lastText) lastText.data += data;
    else top().children.push((lastText = { type: 'text', data }));
  };
  const pop = () => {
    stack.pop();
    lastText = null;
  };
  const element = (name: string, attribs: Record<string, string>): HtmlElement => {
    const el: HtmlElement = { type: name === 'script' || name === 'style' ? name : 'tag', name, attribs, children: [], parent: top() };
    add(el);
    return el;
  };
  const open = (name: string, attribs: Record<string, string>, selfClosing: boolean) => {
    const implied = IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length > 1 && implied.has(top().name)) pop();
    const el = element(name, attribs);
    if (VOID.has(name)) return;
    stack.push(el);
    if (FOREIGN.has(name)) foreign.push(true);
    else if (INTEGRATION.has(name)) foreign.push(false);
    if (selfClosing && foreign[foreign.length - 1] && top() === el) pop();
  };
  const close = (name: string) => {
    if (FOREIGN.has(name) || INTEGRATION.has(name)) foreign.pop();
    if (VOID.has(name)) {
      if (name === 'br') element('br', {});
      return;
    }
    let at = stack.length - 1;
    while (at > 0 && stack[at].name !== name) at--;
    if (at > 0) while (stack.length > at) pop();
    else if (name === 'p') {
      open('p', {}, false);
      pop();
    }
  };

  const n = html.length;
  const code = (p: number) => html.charCodeAt(p);
  let textStart = 0;
  let i = 0;
  const flush = (end: number) => {
    if (end > textStart) text(decodeHTML(html.slice(textStart, end)));
  };
  /** What follows `>` at `gt` (or, with no `>`, htmlparser2's trailing-data rule: `tail` as raw text). */
  const resume = (gt: number, tail: string) => {
    if (gt < 0) {
      text(tail);
      return false;
    }
    textStart = i = gt + 1;
    return true;
  };
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt === n - 1) break;
    const c = code(lt + 1);
    if (c === 33 /* ! */ || c === 63 /* ? */) {
      flush(lt);
      if (c === 33 && html.startsWith('--', lt + 2)) {
        const end = html.indexOf('-->', lt + 2);
        if (end >= 0 || lt + 4 < n) add({ type: 'comment', data: html.slice(lt + 4, end < 0 ? n : end) }); // an unfinished one: if anything follows `<!--`
        if (end < 0) return root;
        textStart = i = end + 3;
        continue;
      }
      let from = lt + 2;
      if (c === 33 && code(from) === 91 /* [ */) {
        let k = 0;
        while (k < 6 && code(from + 1 + k) === 'CDATA['.charCodeAt(k)) k++;
        if (k === 6) {
          const end = html.indexOf(']]>', from + 7);
          if (end >= 0 || from + 7 < n) add({ type: 'comment', data: `[CDATA[${html.slice(from + 7, end < 0 ? n : end)}]]` });
          if (end < 0) return root;
          textStart = i = end + 3;
          continue;
        }
        from += 1 + k;
      } else if (c === 33) from += code(from) === 45 /* - */ ? 2 : 1;
      const gt = from < n ? html.indexOf('>', from) : -1;
      if (gt >= 0) add({ type: 'directive', data: html.slice(lt + 1, gt) });
      if (!resume(gt, html.slice(lt + 2))) return root;
      continue;
    }
    if (c === 47 /* / */) {
      let p = lt + 2;
      while (p < n && isSpace(code(p))) p++;
      if (p >= n) break;
      if (code(p) === 62) {
        i = p + 1; // `</>` stays text
        continue;
      }
      flush(lt);
      if (!isAlpha(code(p))) {
        const gt = html.indexOf('>', p);
        if (gt >= 0) add({ type: 'comment', data: html.slice(p, gt) });
        if (!resume(gt, html.slice(p))) return root;
        continue;
      }
      let q = p;
      while (q < n && code(q) !== 62 && !isSpace(code(q))) q++;
      if (q >= n) return root;
      close(html.slice(p, q).toLowerCase());
      if (!resume(html.indexOf('>', q), html.slice(-1))) return root;
      continue;
    }
    if (!isAlpha(c)) {
      i = lt + 1;
      continue;
    }
    flush(lt);
    let p = lt + 1;
    while (p < n && !endsName(code(p))) p++;
    const name = html.slice(lt + 1, p).toLowerCase();
    const attribs: Record<string, string> = {};
    let selfClosing = false;
    let ended = false;
    let trailing = '';
    while (p < n) {
      const ch = code(p);
      if (ch === 62) {
        ended = true;
        p++;
        break;
      }
      if (ch === 47) {
        p++;
        while (p < n && isSpace(code(p))) p++;
        // Ending here, htmlparser2 is in its self-closing state with no text start: it keeps the last character as text.
        if (p === n) trailing = html.slice(-1);
        if (code(p) === 62) {
          selfClosing = ended = true;
          p++;
          break;
        }
        continue;
      }
      if (isSpace(ch)) {
        p++;
        continue;
      }
      const start = p++; // the first name character may be '='
      while (p < n && code(p) !== 61 && !endsName(code(p))) p++;
      const attr = html.slice(start, p).toLowerCase();
      while (p < n && isSpace(code(p))) p++;
      let value = '';
      if (code(p) === 61 /* = */) {
        p++;
        while (p < n && isSpace(code(p))) p++;
        const q = code(p);
        if (q === 34 || q === 39) {
          const end = html.indexOf(q === 34 ? '"' : "'", p + 1);
          if (end < 0) break;
          value = html.slice(p + 1, end);
          p = end + 1;
        } else {
          const start = p;
          while (p < n && !isSpace(code(p)) && code(p) !== 62) p++;
          value = html.slice(start, p);
        }
        value = decodeHTMLAttribute(value);
      }
      if (!Object.prototype.hasOwnProperty.call(attribs, attr)) attribs[attr] = value;
    }
    if (!ended) {
      // An unfinished tag at the end is dropped, save a name that is still a prefix of a raw-text element's:
      // htmlparser2 is then still matching that name, and keeps it (without the `<`) as text.
      if (lt + 1 + name.length === n && SPECIAL_NAMES.some((special) => special.startsWith(name))) text(html.slice(lt + 1));
      text(trailing);
      return root;
    }
    open(name, attribs, selfClosing);
    const raw = !selfClosing && RAW_END.get(name);
    if (!raw) {
      textStart = i = p;
      continue;
    }
    raw.lastIndex = p;
    const end = raw.exec(html);
    const content = html.slice(p, end ? end.index : n);
    text(name === 'title' ? decodeHTML(content) : content);
    if (!end) return root;
    close(name);
    if (!resume(html.indexOf('>', end.index + 2 + name.length), html.slice(-1))) return root;
  }
  flush(n);
  return root;
}

/** The elements below `node` named in `names`, in document order, at most `limit`. */
export function elementsIn(node: HtmlElement, names: ReadonlySet<string>, limit = Infinity): HtmlElement[] {
  const found: HtmlElement[] = [];
  const pending: HtmlNode[] = [...node.children].reverse();
  while (pending.length && found.length < limit) {
    const n = pending.pop()!;
    if (!('children' in n)) continue;
    if (names.has(n.name)) found.push(n);
    for (let k = n.children.length - 1; k >= 0; k--) pending.push(n.children[k]);
  }
  return found;
}

/** The text below `node` (script and style included, as cheerio's `.text()`), up to `max` characters. */
export function textIn(node: HtmlElement, max = Infinity): string {
  let out = '';
  const pending: HtmlNode[] = [node];
  while (pending.length && out.length < max) {
    const n = pending.pop()!;
    if (n.type === 'text') out += n.data;
    else if ('children' in n) for (let k = n.children.length - 1; k >= 0; k--) pending.push(n.children[k]);
  }
  return out.length > max ? out.slice(0, max) : out;
}
