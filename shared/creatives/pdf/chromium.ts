import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { HEADLESS_FLAGS, chromiumLaunch } from '../../adapters/chromium/launch.js';
import type { Config } from '../../runtime/config.js';
import { PROTECTED_ROLES, type PhotoStyle } from './variation.js';

/**
 * Prints HTML to PDF in Chromium (puppeteer-core at `config.chromiumPath`: CHROMIUM_PATH, else
 * /usr/bin/chromium; in Lambda @sparticuz/chromium from the layer at CHROMIUM_PACK_DIR, see
 * shared/adapters/chromium/launch.ts). One browser per process (launched from the first caller's
 * config), a fresh page per document.
 * The page never reaches the network: every request except data: URIs is aborted (no SSRF through a
 * creative's <img src>): the worker inlines stored-file: and https images as data: URIs first (images.ts,
 * through the outbound guard). The profile lives under TMPDIR.
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
      args: [...how.args, ...HEADLESS_FLAGS, '--font-render-hinting=none'],
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

export async function htmlToPdf(
  html: string,
  styles: PhotoStyle[],
  opts: Pick<Config, 'chromiumPath' | 'chromiumPackDir'> & { timeoutMs?: number },
): Promise<Buffer> {
  const { browser: b } = await launch(opts);
  const page = await b.newPage();
  const timeout = opts.timeoutMs ?? 30_000;
  try {
    page.setDefaultTimeout(timeout);
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const url = req.url();
      if (url.startsWith('data:') || url === 'about:blank') void req.continue();
      else void req.abort('blockedbyclient');
    });
    await page.setContent(html, { waitUntil: 'load', timeout });
    // Scripts are off in the page (creative HTML never runs); puppeteer's evaluate still works.
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
    return Buffer.from(await page.pdf({ format: 'A4', printBackground: true, timeout }));
  } finally {
    await page.close().catch(() => undefined);
  }
}
