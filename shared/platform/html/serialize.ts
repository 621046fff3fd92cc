import { VOID } from './bounds.js';
import type { HtmlElement, HtmlNode } from './html-tree.js';

// dom-serializer 2 (cheerio's `.html()`) in HTML mode with `encodeEntities: 'utf8'`: text and attribute
// values escape only markup characters (and U+00A0); inside SVG/MathML, XML escaping and the mixed-case
// names of foreignNames.js.
const UNENCODED = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);
const INTEGRATION_POINTS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);
const camelCase = (names: string) => new Map(names.split(' ').map((name) => [name.toLowerCase(), name]));
const ELEMENT_NAMES = camelCase(
  'altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend feColorMatrix feComponentTransfer feComposite ' +
    'feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage ' +
    'feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef linearGradient ' +
    'radialGradient textPath',
);
const ATTRIBUTE_NAMES = camelCase(
  'definitionURL attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits diffuseConstant edgeMode filterUnits glyphRef ' +
    'gradientTransform gradientUnits kernelMatrix kernelUnitLength keyPoints keySplines keyTimes lengthAdjust limitingConeAngle markerHeight ' +
    'markerUnits markerWidth maskContentUnits maskUnits numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY ' +
    'pointsAtZ preserveAlpha preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur requiredExtensions requiredFeatures specularConstant ' +
    'specularExponent spreadMethod startOffset stdDeviation stitchTiles surfaceScale systemLanguage tableValues targetX targetY textLength viewBox ' +
    'viewTarget xChannelSelector yChannelSelector zoomAndPan',
);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' };
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeText = (s: string) => s.replace(/[&<>\u00a0]/g, (c) => ESCAPES[c]);
const escapeAttribute = (s: string) => s.replace(/["&\u00a0]/g, (c) => ESCAPES[c]);
/**
 * entities 4's encodeXML: markup characters by name, `$` and everything past ASCII as `&#x…;`; a high
 * surrogate takes the next code unit with it (a pair is one code point; after a lone one, entities drops it).
 */
const encodeXml = (s: string) => s.replace(/["&'<>]|[\ud800-\udbff][\s\S]?|[$\x80-\uffff]/g, (c) => XML_ESCAPES[c] ?? `&#x${c.codePointAt(0)!.toString(16)};`);

/** The HTML of `nodes` as cheerio writes the tree htmlparser2 parsed (test/unit/html-serialize.test.ts compares them). */
export function serializeHtml(nodes: HtmlNode[], parentName = '', foreign = false): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += foreign ? encodeXml(node.data) : UNENCODED.has(parentName) ? node.data : escapeText(node.data);
    else if ('children' in node) out += element(node, parentName, foreign);
    else out += node.type === 'comment' ? `<!--${node.data}-->` : `<${node.data}>`;
  }
  return out;
}

function element(el: HtmlElement, parentName: string, foreign: boolean): string {
  let name = el.name;
  if (foreign) {
    name = ELEMENT_NAMES.get(name) ?? name;
    if (INTEGRATION_POINTS.has(parentName)) foreign = false;
  }
  if (!foreign && (name === 'svg' || name === 'math')) foreign = true;
  let tag = `<${name}`;
  for (const [key, value] of Object.entries(el.attribs)) {
    if (foreign) tag += ` ${ATTRIBUTE_NAMES.get(key) ?? key}="${encodeXml(value)}"`;
    else tag += value === '' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`;
  }
  if (foreign && !el.children.length) return `${tag}/>`;
  tag += '>' + serializeHtml(el.children, name, foreign);
  return foreign || !VOID.has(name) ? `${tag}</${name}>` : tag;
}
