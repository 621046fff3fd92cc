import { compile, type HtmlToTextOptions } from 'html-to-text';
import { assertHtmlWithinBounds, type HtmlLimits } from './bounds.js';

// Apart from parse.ts (cheerio): a module that only converts HTML to text does not bundle cheerio.
/**
 * A compiled html-to-text conversion (compiled once: `convert` rebuilds its selectors per call), bounded
 * like loadHtml. Compiled on first use, and free of side effects until then: a module-level converter
 * (`/* @__PURE__ *\/ htmlTextConverter(…)`) costs nothing at cold start, and esbuild drops it, with the
 * HTML libraries, from bundles that never call it (issue 25).
 */
export function htmlTextConverter(options: HtmlToTextOptions, limits?: HtmlLimits): (html: string, what?: string) => string {
  let convert: ((html: string) => string) | undefined;
  return (html, what = 'html') => {
    assertHtmlWithinBounds(html, what, limits);
    return (convert ??= compile(options))(html);
  };
}
