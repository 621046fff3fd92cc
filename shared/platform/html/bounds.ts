import { AppError } from '../errors.js';

/**
 * Bounds every HTML parse is held to BEFORE it runs (issue 27). The parsers (htmlparser2 under
 * cheerio/slim and html-to-text) cost time in the square of the nesting depth and recurse once per
 * level: 40,000 unclosed `<div>` blocked the event loop for 9 s and 1 MB of them overflowed the stack.
 * A linear pre-scan that follows htmlparser2's own tree building finds the depth first.
 *
 * - depth 512: Chromium's HTML parser flattens anything deeper (kMaximumHTMLParserDOMTreeDepth), so no
 *   page renders deeper; real pages stay under ~100.
 * - 256 attributes on one element: duplicate-attribute checks are linear per attribute.
 * - elements: optional per caller (email bodies on the request path: 25,000).
 */
export const HTML_MAX_DEPTH = 512;
export const HTML_MAX_ATTRIBUTES = 256;
/** Email bodies (creatives, compose, BYOC, forwards) are converted to text on the request path: a tighter element bound. */
export const EMAIL_HTML_MAX_ELEMENTS = 25_000;

export interface HtmlLimits {
  maxDepth?: number;
  maxAttributes?: number;
  maxElements?: number;
}

/** The bounds of an email body (converted to text on the calling thread). */
export const EMAIL_HTML_LIMITS: HtmlLimits = Object.freeze({ maxElements: EMAIL_HTML_MAX_ELEMENTS });

export type HtmlOverLimit = 'depth' | 'attributes' | 'elements';
export type HtmlTooComplexReason = HtmlOverLimit | 'time' | 'memory';

/** A document over a bound: a 400 naming the field and the bound (a crawled page maps it to reasonCode page_too_complex). */
export class HtmlTooComplex extends AppError {
  override readonly name = 'HtmlTooComplex';
  constructor(
    readonly reason: HtmlTooComplexReason,
    readonly detail: string,
  ) {
    super(400, { statusCode: 400, message: [detail], error: 'Bad Request' });
  }
}

/** The 400 for one field: the message says which bound and how to get under it. */
export function htmlTooComplex(what: string, reason: HtmlTooComplexReason, limits: HtmlLimits = {}, budgetMs = 0): HtmlTooComplex {
  const text: Record<HtmlTooComplexReason, string> = {
    depth: `elements are nested more than ${limits.maxDepth ?? HTML_MAX_DEPTH} levels deep; close your tags or flatten the markup`,
    attributes: `an element has more than ${limits.maxAttributes ?? HTML_MAX_ATTRIBUTES} attributes`,
    elements: `more than ${limits.maxElements} elements; send a smaller document`,
    time: `the HTML took longer than ${Math.round(budgetMs / 100) / 10} s to analyse; send a smaller or simpler document`,
    memory: 'the HTML needs more memory to analyse than allowed; send a smaller or simpler document',
  };
  return new HtmlTooComplex(reason, `${what}: ${text[reason]}`);
}

/** Throws the 400 of `what` when `html` is over a bound; linear in the length, no allocation per tag but names. */
export function assertHtmlWithinBounds(html: string, what: string, limits: HtmlLimits = {}): void {
  const over = htmlOverLimit(html, limits);
  if (over) throw htmlTooComplex(what, over, limits);
}

// htmlparser2 10 in HTML mode (Parser.ts): the elements a start tag closes when they are the current node
// (html-tree.ts builds its tree by the same rules).
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
export const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dt', 'dd'])],
  ['dt', new Set(['dt', 'dd'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, new Set(FORM)] as [string, Set<string>]),
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure']
    .concat(['footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'])
    .map((t) => [t, new Set(P)] as [string, Set<string>]),
]);
export const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
export const FOREIGN = new Set(['math', 'svg']);
export const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);
/** The tokenizer's raw-text elements: their content is text up to the matching end tag. */
export const RAW_END = new Map(['script', 'style', 'title', 'textarea', 'xmp'].map((t) => [t, new RegExp(`</${t}[ \\t\\n\\f\\r>]`, 'gi')]));

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const GT = 62;
const SLASH = 47;

/**
 * The first bound `html` crosses, or null. Follows htmlparser2's tree building exactly where depth
 * comes from: implied closes of the current node, void elements, end tags that close down to the
 * nearest open element of their name (and are ignored otherwise), `/>` honoured only in SVG/MathML,
 * raw text of script/style/title/textarea/xmp, comments. Its foreign-content stack (which `<svg/>`
 * grows without nesting, at quadratic cost) counts as depth too.
 */
export function htmlOverLimit(html: string, limits: HtmlLimits = {}): HtmlOverLimit | null {
  return scan(html, limits).over;
}

/** The deepest element nesting htmlparser2 builds from `html` (tests compare it with the parser's own tree). */
export function htmlNestingDepth(html: string): number {
  return scan(html, { maxDepth: Infinity, maxAttributes: Infinity }).deepest;
}

function scan(html: string, limits: HtmlLimits): { over: HtmlOverLimit | null; deepest: number } {
  const maxDepth = limits.maxDepth ?? HTML_MAX_DEPTH;
  const maxAttributes = limits.maxAttributes ?? HTML_MAX_ATTRIBUTES;
  const maxElements = limits.maxElements ?? Infinity;
  const n = html.length;
  const stack: string[] = [];
  const open = new Map<string, number>();
  const foreign: boolean[] = [false];
  let elements = 0;
  let deepest = 0;
  const result = (over: HtmlOverLimit | null) => ({ over, deepest });
  const push = (name: string) => (stack.push(name), open.set(name, (open.get(name) ?? 0) + 1));
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
    return name;
  };
  let i = html.indexOf('<');
  while (i >= 0 && i < n - 1) {
    const c = html.charCodeAt(i + 1);
    if (c === 33 /* ! */) {
      // Comments end at '-->' (the opening dashes count: '<!-->' is one), CDATA (a comment in HTML) at ']]>', other
      // declarations at a '>' after the character that follows '<!' (or '<!-'): '<!>' is not one yet.
      const comment = html.startsWith('--', i + 2);
      const cdata = html.startsWith('[CDATA[', i + 2);
      const end = comment
        ? html.indexOf('-->', i + 2)
        : cdata
          ? html.indexOf(']]>', i + 9)
          : html.indexOf('>', html.charCodeAt(i + 2) === 45 /* - */ ? i + 4 : i + 3);
      i = end < 0 ? -1 : html.indexOf('<', end + 1);
      continue;
    }
    if (c === 63 /* ? */) {
      const end = html.indexOf('>', i + 2);
      i = end < 0 ? -1 : html.indexOf('<', end + 1);
      continue;
    }
    if (c === SLASH) {
      let p = i + 2;
      while (p < n && isSpace(html.charCodeAt(p))) p++;
      if (p < n && isAlpha(html.charCodeAt(p))) {
        const start = p;
        while (p < n && html.charCodeAt(p) !== GT && !isSpace(html.charCodeAt(p))) p++;
        if (p >= n) break;
        const name = html.slice(start, p).toLowerCase();
        if (FOREIGN.has(name) || INTEGRATION.has(name)) foreign.pop();
        if (!VOID.has(name) && open.get(name)) while (pop() !== name);
        else if (name === 'p' || name === 'br') deepest = Math.max(deepest, stack.length + 1); // an empty <p> or a <br> in their place
      }
      const end = html.indexOf('>', p);
      i = end < 0 ? -1 : html.indexOf('<', end + 1);
      continue;
    }
    if (!isAlpha(c)) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    // A start tag: its name, then its attributes (quoted values may hold '>').
    let p = i + 1;
    while (p < n && html.charCodeAt(p) !== GT && html.charCodeAt(p) !== SLASH && !isSpace(html.charCodeAt(p))) p++;
    const name = html.slice(i + 1, p).toLowerCase();
    let attributes = 0;
    let selfClosing = false;
    let ended = false;
    while (p < n) {
      const ch = html.charCodeAt(p);
      if (ch === GT) {
        ended = true;
        p++;
        break;
      }
      if (ch === SLASH) {
        p++;
        while (p < n && isSpace(html.charCodeAt(p))) p++;
        if (html.charCodeAt(p) === GT) {
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
      if (++attributes > maxAttributes) return result('attributes');
      p++; // the first name character may be '='
      while (p < n && !isSpace(html.charCodeAt(p)) && html.charCodeAt(p) !== GT && html.charCodeAt(p) !== SLASH && html.charCodeAt(p) !== 61) p++;
      while (p < n && isSpace(html.charCodeAt(p))) p++;
      if (html.charCodeAt(p) !== 61 /* = */) continue;
      p++;
      while (p < n && isSpace(html.charCodeAt(p))) p++;
      const q = html.charCodeAt(p);
      if (q === 34 || q === 39) {
        const close = html.indexOf(q === 34 ? '"' : "'", p + 1);
        p = close < 0 ? n : close + 1;
      } else while (p < n && !isSpace(html.charCodeAt(p)) && html.charCodeAt(p) !== GT) p++;
    }
    if (!ended) break; // an unfinished tag at the end is dropped by the parser
    if (++elements > maxElements) return result('elements');
    const implied = IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length && implied.has(stack[stack.length - 1])) pop();
    deepest = Math.max(deepest, stack.length + 1);
    if (!VOID.has(name)) {
      push(name);
      if (FOREIGN.has(name)) foreign.push(true);
      else if (INTEGRATION.has(name)) foreign.push(false);
      if (stack.length > maxDepth || foreign.length > maxDepth) return result('depth');
      if (selfClosing && foreign[foreign.length - 1] && stack[stack.length - 1] === name) pop();
    }
    const raw = !selfClosing && RAW_END.get(name);
    if (raw) {
      raw.lastIndex = p;
      const m = raw.exec(html);
      i = m ? m.index : -1; // the end tag is read as one on the next turn
      continue;
    }
    i = html.indexOf('<', p);
  }
  return result(null);
}
