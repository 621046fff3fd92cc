/**
 * What the PDF renderer lets a creative's HTML keep: only what lays out a document. Nothing that
 * loads, navigates or runs survives — no script, link, meta, base, iframe, object, embed, form
 * control, media, srcset or event handler — and an `<img>` keeps its source only when it is a
 * `data:image/` URI (images.ts has inlined what the document may show). Inline SVG keeps its shapes,
 * not its references (no image, use, a, feImage, foreignObject). CSS (`<style>`, `style=""`) stays
 * because the layout needs it: a url() in it reaches nothing, because the browser itself has no
 * network (NO_NETWORK_FLAGS in shared/platform/adapters/chromium/launch.ts). That lockdown is the guard; this
 * is the second layer, and request interception the third.
 *
 * The cleaning runs in the renderer's own page, on a document from DOMParser (inert: it loads and runs
 * nothing), and the cleaned nodes are imported into the page as they are, never serialized and parsed
 * again: the tree that is checked is the tree that is printed (no parser differential, no mutation on
 * re-parse), and a pathological document (deep nesting) costs Chromium's parser, not the Node event loop
 * (sanitize-html measured 3.8 s of blocked event loop for 40,000 nested `<div>`, inside the 200 KB body cap).
 */
export interface PdfAllowlist {
  /** HTML elements kept (lower case). */
  html: string[];
  /** HTML elements removed with everything in them; any other HTML element is unwrapped (its content stays). */
  htmlDropped: string[];
  /** SVG elements kept (as the DOM spells them); any other SVG or MathML element is removed with its content. */
  svg: string[];
  /** Attributes kept on every element (lower case; `data-*` and `aria-*` are kept too). */
  global: string[];
  /** Attributes kept on one element, by its lower-case name. */
  byTag: Record<string, string[]>;
}

const SVG_SHAPES = ['svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'title', 'desc', 'defs'];
const SVG_PAINT = ['linearGradient', 'radialGradient', 'stop', 'clipPath'];
const SVG_ATTRIBUTES = [
  ...['viewbox', 'preserveaspectratio', 'xmlns', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'dx', 'dy', 'points', 'transform'],
  ...['fill', 'fill-rule', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-opacity'],
  ...['opacity', 'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform', 'clip-path', 'clip-rule', 'clippathunits'],
  ...['font-size', 'font-family', 'font-weight', 'text-anchor', 'dominant-baseline'],
];

export const PDF_ALLOWLIST: PdfAllowlist = {
  html: [
    ...['html', 'head', 'body', 'title', 'style', 'div', 'span', 'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'a', 'center', 'font'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'small', 'big', 'sub', 'sup', 'mark', 'del', 'ins', 'code', 'kbd', 'samp', 'var', 'tt'],
    ...['abbr', 'cite', 'dfn', 'q', 'time', 'data', 'bdi', 'bdo', 'wbr', 'ruby', 'rt', 'rp', 'pre', 'blockquote', 'address'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'details', 'summary', 'fieldset', 'legend', 'label'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['article', 'section', 'header', 'footer', 'main', 'nav', 'aside', 'hgroup'],
  ],
  htmlDropped: [
    ...['script', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noembed', 'noframes', 'portal', 'fencedframe'],
    ...['meta', 'link', 'base', 'video', 'audio', 'source', 'track', 'picture', 'canvas', 'map', 'area', 'input', 'select', 'textarea', 'button'],
  ],
  svg: [...SVG_SHAPES, ...SVG_PAINT],
  global: ['class', 'id', 'style', 'title', 'lang', 'dir', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'border', 'role'],
  byTag: {
    img: ['src', 'alt'],
    a: ['href', 'name', 'target'],
    font: ['face', 'size'],
    ol: ['start', 'type', 'reversed'],
    ul: ['type'],
    li: ['value'],
    table: ['cellpadding', 'cellspacing', 'summary'],
    td: ['colspan', 'rowspan', 'nowrap', 'scope'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    time: ['datetime'],
    data: ['value'],
    ...Object.fromEntries([...SVG_SHAPES, ...SVG_PAINT].map((t) => [t.toLowerCase(), SVG_ATTRIBUTES])),
  },
};

/**
 * The page's doctype, read from an inert parse: the document the page opens with carries it, so the
 * layout mode (standards, almost standards, quirks) is the one the creative asked for.
 * Runs in the page (puppeteer serializes it: no closures, no named inner functions).
 */
export function doctypeInPage(html: string): string {
  const d = new DOMParser().parseFromString(html, 'text/html').doctype;
  if (!d) return '';
  const [pub, sys] = [d.publicId, d.systemId].map((id) => (id.includes('"') ? `'${id}'` : `"${id}"`));
  if (d.publicId) return `<!DOCTYPE html PUBLIC ${pub}${d.systemId ? ` ${sys}` : ''}>`;
  return d.systemId ? `<!DOCTYPE html SYSTEM ${sys}>` : '<!DOCTYPE html>';
}

/**
 * Parses `html` inertly, keeps what the allowlist admits and puts it in place of the page's document
 * element; answers how many elements and attributes it took out. Runs in the page, like doctypeInPage.
 */
export function cleanIntoPage(html: string, allow: PdfAllowlist): { removedElements: number; removedAttributes: number } {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const counts = { removedElements: 0, removedAttributes: 0 };
  // Elements are listed first (document order), then handled: a removed element takes its subtree
  // with it (its descendants are then detached and skipped); an unwrapped one leaves its children.
  for (const el of Array.from(parsed.documentElement.querySelectorAll('*'))) {
    if (!parsed.documentElement.contains(el)) continue;
    const name = el.localName;
    const lower = name.toLowerCase();
    const kept = el.namespaceURI === HTML_NS ? allow.html.includes(lower) : el.namespaceURI === SVG_NS && allow.svg.includes(name);
    if (!kept) {
      counts.removedElements++;
      if (el.namespaceURI === HTML_NS && !allow.htmlDropped.includes(lower)) el.replaceWith(...Array.from(el.childNodes));
      else el.remove();
      continue;
    }
    const own = allow.byTag[lower] ?? [];
    for (const attr of Array.from(el.attributes)) {
      const a = attr.name.toLowerCase();
      const value = attr.value.trim();
      const named = allow.global.includes(a) || own.includes(a) || /^(data|aria)-[a-z0-9_.-]+$/.test(a);
      const safeUrl =
        lower === 'img' && a === 'src' ? /^data:image\//i.test(value) : lower === 'a' && a === 'href' ? /^(https?:|mailto:|tel:|#)/i.test(value) : true;
      if (named && safeUrl) continue;
      el.removeAttribute(attr.name);
      counts.removedAttributes++;
    }
  }
  for (const attr of Array.from(parsed.documentElement.attributes))
    if (!allow.global.includes(attr.name.toLowerCase())) parsed.documentElement.removeAttribute(attr.name);
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
  return counts;
}
