import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { HEADLESS_FLAGS, NO_NETWORK_FLAGS, chromiumLaunch } from '../../../platform/adapters/chromium/launch.js';
import type { Config } from '../../../platform/runtime/config.js';
import { PDF_ALLOWLIST, cleanIntoPage, doctypeInPage } from './sanitize.js';
import { PROTECTED_ROLES, type PhotoStyle } from './variation.js';

/**
 * Prints HTML to PDF in Chromium (puppeteer-core at `config.chromiumPath`: CHROMIUM_PATH, else
 * /usr/bin/chromium; in Lambda @sparticuz/chromium from the layer at CHROMIUM_PACK_DIR, see
 * shared/platform/adapters/chromium/launch.ts). One browser per process (launched from the first caller's
 * config), a fresh page per document.
 * The page reaches nothing but what it is handed, in three layers: the browser has no network at all
 * (NO_NETWORK_FLAGS: what Chromium fetches on its own, prefetch and preconnect included, never sees
 * request interception), the HTML is sanitized to what lays out a document (sanitize.ts), and every
 * request interception does see, except data: URIs, is aborted. The worker inlines stored-file: and
 * https images as data: URIs first (images.ts, through the outbound guard). The profile lives under TMPDIR.
 */
let browser: Promise<{ browser: Browser; profile: string }> | undefined;

function launch(cfg: Pick<Config, 'chromiumPath' | 'chromiumPackDir'>) {
  browser ??= (async () => {
    const profile = await mkdtemp(path.join(os.tmpdir(), 'svc-pdf-chromium-'));
    const how = await chromiumLaunch(cfg);
    const b = await puppeteer.launch({
      executablePath: how.executablePath,
      headless: how.headless,
      pipe: how.pipe,
      userDataDir: profile,
      args: [...how.args, ...HEADLESS_FLAGS, ...NO_NETWORK_FLAGS, '--font-render-hinting=none'],
    });
    return { browser: b, profile };
  })().catch((e) => {
    browser = undefined;
    throw e;
  });
  return browser;
}

export async function closePdfBrowser() {
  const b = browser;
  browser = undefined;
  const got = await b?.catch(() => undefined);
  if (!got) return;
  await got.browser.close().catch(() => undefined);
  await rm(got.profile, { recursive: true, force: true }).catch(() => undefined);
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`page not ready after ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function htmlToPdf(
  html: string,
  styles: PhotoStyle[],
  opts: Pick<Config, 'chromiumPath' | 'chromiumPackDir'> & { timeoutMs?: number },
): Promise<Buffer> {
  const { browser: b } = await launch(opts);
  const page = await b.newPage();
  const timeout = opts.timeoutMs ?? 30_000;
  try {
    await loadDocument(page, html, styles, timeout);
    return Buffer.from(await page.pdf({ format: 'A4', printBackground: true, timeout }));
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * Puts a creative into a fresh page the way it is printed, photo variation applied, images decoded.
 * Scripts are off in the page (creative HTML never runs); puppeteer's evaluate still works. The page
 * opens with the creative's doctype (its layout mode) and an empty document; the creative comes in as
 * nodes cleaned on an inert parse (sanitize.ts), never as markup the page parses itself.
 */
export async function loadDocument(page: Page, html: string, styles: PhotoStyle[], timeout: number) {
  page.setDefaultTimeout(timeout);
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url === 'about:blank') void req.continue();
    else void req.abort('blockedbyclient');
  });
  const doctype = await page.evaluate(doctypeInPage, html);
  await page.setContent(`${doctype}<html><head></head><body></body></html>`, { waitUntil: 'load', timeout });
  const removed = await page.evaluate(cleanIntoPage, html, PDF_ALLOWLIST);
  await page.evaluate(
    (plan: PhotoStyle[], protectedRoles: readonly string[]) => {
      const byId = new Map(plan.map((p) => [p.photoId, p]));
      for (const img of Array.from(document.querySelectorAll('img[data-photo]')) as HTMLImageElement[]) {
        if (protectedRoles.includes((img.getAttribute('data-role') ?? '').toLowerCase())) continue;
        const p = byId.get(img.getAttribute('data-photo') ?? '');
        if (!p) continue;
        if (p.filter) img.style.filter = p.filter;
        if (p.transform) img.style.transform = p.transform;
      }
    },
    styles,
    PROTECTED_ROLES,
  );
  // Imported images load on their own (data: URIs only): print once they are decoded and the fonts are ready.
  await withDeadline(
    page.evaluate(async () => {
      await Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));
      await document.fonts.ready;
    }),
    timeout,
  );
  return removed;
}
