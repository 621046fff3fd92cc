import * as robotsModule from 'robots-parser';
import { renderPage } from './browser.js';
import { HtmlTooComplex } from '../../../platform/html/bounds.js';
import { extractPageOffThread, pickSecondPage, type PageFacts } from './extract.js';
import { CRAWLER_AGENT, fetchPage, fetchRobots, type FetchOptions } from './fetch-page.js';
import { PageSlotBusy } from '../page-slots.js';

export interface CrawlOptions extends FetchOptions {
  visitPages: 'home' | 'home+contacts';
  maxAttempts: number;
  loadImages: boolean;
  saveScreenshot: boolean;
  /** Pause between two requests to the same host (politeness), ms. */
  politenessMs: number;
  /** false: never start Chromium (SITE_ENRICHMENT_BROWSER=off; pages that need scripts then stay fetch-only). */
  browser: boolean;
  /** The Chromium binary (`config.chromiumPath`, CHROMIUM_PATH), or the packed one of the Lambda layer (`config.chromiumPackDir`). */
  chromiumPath: string;
  chromiumPackDir?: string;
  /** Runs one Chromium page under the task's pageConcurrency bound (shared/research/enrichment/page-slots.ts); none: unbounded. */
  withPage?: <T>(render: () => Promise<T>) => Promise<T>;
  /** Wall time the analysis of one page may take in its worker thread (config.htmlParse.budgetMs). */
  parseBudgetMs: number;
}

export interface PageSnapshot {
  page: 'home' | 'contacts';
  url: string;
  finalUrl: string;
  /** null when the page was rendered by the browser. */
  httpStatus: number | null;
  method: 'fetch' | 'browser';
  durationMs: number;
  text: string;
}

export interface Found {
  value: string;
  sourceUrl: string;
}

export interface SiteResult {
  status: 'OK' | 'DOWN';
  reasonCode: string | null;
  method: 'fetch' | 'browser';
  title: string | null;
  description: string | null;
  pages: PageSnapshot[];
  emails: Found[];
  phones: Found[];
  social: Found[];
  /** Per-page unique counts summed over the pages (the events' `counts`, before de-dup). */
  counts: { emails: number; phones: number; social: number };
  forms: number;
  durationMs: number;
  screenshot?: Buffer;
}

// robots-parser is CommonJS (module.exports = fn) with an ESM-style d.ts: the function is the namespace's default.
interface Robots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
}
const robotsParser = ((robotsModule as unknown as { default?: unknown }).default ?? robotsModule) as (url: string, txt: string) => Robots;

/** A page over the HTML bounds (nesting, attributes) or the analysis time budget (shared/platform/html/bounds.ts). */
export const PAGE_TOO_COMPLEX = 'page_too_complex';
const RETRYABLE = new Set(['timeout', 'http_5xx', 'connection_reset', 'network_error', 'browser_error']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The facts of one page, read in a worker thread; null for a page over the HTML bounds or the time
 * budget (reasonCode page_too_complex: a result, never retried — the same page would fail the same way).
 */
async function readPage(html: string, url: string, o: CrawlOptions): Promise<PageFacts | null> {
  try {
    return await extractPageOffThread({ budgetMs: o.parseBudgetMs, what: 'page' }, html, url);
  } catch (e) {
    if (e instanceof HtmlTooComplex) return null;
    throw e;
  }
}

/** One page: fetch (retried up to maxAttempts on transient failures), then Chromium when it needs scripts. */
async function visit(url: string, label: PageSnapshot['page'], o: CrawlOptions, forceBrowser: boolean) {
  let fetched = await fetchPage(url, o);
  for (let attempt = 1; attempt < o.maxAttempts && !fetched.ok && RETRYABLE.has(fetched.reasonCode ?? ''); attempt++) {
    await sleep(Math.min(2000, o.politenessMs * 2 ** attempt));
    fetched = await fetchPage(url, o);
  }
  if (!fetched.ok) return { ok: false as const, reasonCode: fetched.reasonCode! };
  let facts = await readPage(fetched.html, fetched.finalUrl, o);
  if (!facts) return { ok: false as const, reasonCode: PAGE_TOO_COMPLEX };
  let method: PageSnapshot['method'] = 'fetch';
  let durationMs = fetched.durationMs;
  let screenshot: Buffer | undefined;
  let finalUrl = fetched.finalUrl;
  // A screenshot needs the browser: with saveScreenshot the home page is rendered even if the fetch path had it.
  if (o.browser && (forceBrowser || facts.needsScripts || (label === 'home' && o.saveScreenshot))) {
    const render = () => renderPage(fetched.finalUrl, { ...o, screenshot: label === 'home' && o.saveScreenshot });
    // No page slot in time (PageSlotBusy) counts as a failed render: the page keeps its fetch-path facts.
    const r = await (o.withPage ? o.withPage(render).catch((e) => (e instanceof PageSlotBusy ? { ok: false as const } : Promise.reject(e))) : render());
    // The rendered DOM over the bounds keeps the fetch-path facts, like a failed render.
    const rendered = r.ok ? await readPage(r.html, r.finalUrl, o) : null;
    if (r.ok && rendered) {
      facts = rendered;
      method = 'browser';
      durationMs += r.durationMs;
      screenshot = r.screenshot;
      finalUrl = r.finalUrl;
    }
  }
  const snapshot: PageSnapshot = {
    page: label,
    url,
    finalUrl,
    httpStatus: method === 'fetch' ? fetched.httpStatus : null,
    method,
    durationMs,
    text: facts.text,
  };
  return { ok: true as const, facts, snapshot, screenshot };
}

function allowedBy(robots: Robots | undefined, url: string) {
  return !robots || robots.isAllowed(url, CRAWLER_AGENT) !== false;
}

/**
 * Crawls one site: robots.txt first (a disallowed home page is DOWN blocked_by_robots; a disallowed
 * second page is skipped), the home page, and with `home+contacts` exactly one more page chosen by
 * pickSecondPage. Requests to the host are sequential with `politenessMs` between them (one connection
 * per host at a time); a robots Crawl-delay up to 5 s is honoured instead when larger.
 */
export async function crawlSite(url: string, o: CrawlOptions): Promise<SiteResult> {
  const started = Date.now();
  const origin = new URL(url).origin;
  const robotsTxt = await fetchRobots(origin, o);
  const robots = robotsTxt !== undefined ? robotsParser(`${origin}/robots.txt`, robotsTxt) : undefined;
  const delay = Math.max(o.politenessMs, Math.min(5000, (robots?.getCrawlDelay(CRAWLER_AGENT) ?? 0) * 1000));
  const down = (reasonCode: string): SiteResult => ({
    status: 'DOWN',
    reasonCode,
    method: 'fetch',
    title: null,
    description: null,
    pages: [],
    emails: [],
    phones: [],
    social: [],
    counts: { emails: 0, phones: 0, social: 0 },
    forms: 0,
    durationMs: Date.now() - started,
  });
  if (!allowedBy(robots, url)) return down('blocked_by_robots');
  if (robotsTxt !== undefined) await sleep(delay);
  const home = await visit(url, 'home', o, false);
  if (!home.ok) return down(home.reasonCode);
  if (home.facts.parked) return { ...down('parked_domain'), title: home.facts.title };
  if (!home.facts.text && !home.facts.title) return { ...down('empty_page'), method: home.snapshot.method };
  const pages = [home.snapshot];
  const facts: { facts: PageFacts; url: string }[] = [{ facts: home.facts, url: home.snapshot.finalUrl }];
  if (o.visitPages === 'home+contacts') {
    const second = pickSecondPage(home.facts.links, home.snapshot.finalUrl);
    if (second && allowedBy(robots, second)) {
      await sleep(delay);
      const c = await visit(second, 'contacts', o, home.snapshot.method === 'browser');
      if (c.ok) (pages.push(c.snapshot), facts.push({ facts: c.facts, url: c.snapshot.finalUrl }));
    }
  }
  const collect = (pick: (f: PageFacts) => string[]) => {
    const seen = new Map<string, Found>();
    for (const f of facts) for (const v of pick(f.facts)) if (!seen.has(v)) seen.set(v, { value: v, sourceUrl: f.url });
    return [...seen.values()];
  };
  const sum = (pick: (f: PageFacts) => string[]) => facts.reduce((n, f) => n + pick(f.facts).length, 0);
  return {
    status: 'OK',
    reasonCode: null,
    method: pages.some((p) => p.method === 'browser') ? 'browser' : 'fetch',
    title: home.facts.title,
    description: home.facts.description,
    pages,
    emails: collect((f) => f.emails),
    phones: collect((f) => f.phones),
    social: collect((f) => f.social),
    counts: { emails: sum((f) => f.emails), phones: sum((f) => f.phones), social: sum((f) => f.social) },
    forms: facts.filter((f) => f.facts.hasForm).length,
    durationMs: Date.now() - started,
    screenshot: home.screenshot,
  };
}
