import puppeteer, { type Browser } from 'puppeteer-core';
import { HEADLESS_FLAGS, NO_NETWORK_FLAGS, chromiumLaunch } from '../../../platform/adapters/chromium/launch.js';
import type { Config } from '../../../platform/runtime/config.js';
import { outboundFetch } from '../../../platform/security/outbound-fetch.js';
import type { FetchOptions } from './fetch-page.js';
import { reasonOf } from './fetch-page.js';

/**
 * The browser path: real Chromium for pages that need scripts (`config.chromiumPath`: CHROMIUM_PATH, else
 * /usr/bin/chromium; in Lambda @sparticuz/chromium from the shared layer at CHROMIUM_PACK_DIR, see
 * shared/platform/adapters/chromium/launch.ts and infra/aws/chromium.ts).
 * Chromium never touches the network itself: request interception answers every request through the
 * outbound guard (same checks, same DNS_SERVERS resolution, same loopback rule), so the browser path
 * cannot reach anything the fetch path may not. What interception never sees (speculation rules,
 * preconnects, pop-ups, WebSockets) has nowhere to go either: the browser itself runs without network
 * (NO_NETWORK_FLAGS). Images are aborted unless loadImages. One browser per process, launched from the
 * first caller's path.
 */
let browser: Promise<Browser> | undefined;

export type ChromiumSettings = Pick<Config, 'chromiumPath' | 'chromiumPackDir'>;

function launch(cfg: ChromiumSettings): Promise<Browser> {
  browser ??= chromiumLaunch(cfg)
    .then((how) =>
      puppeteer.launch({
        executablePath: how.executablePath,
        headless: how.headless,
        pipe: how.pipe,
        args: [...how.args, ...HEADLESS_FLAGS, ...NO_NETWORK_FLAGS],
      }),
    )
    .catch((e) => {
      browser = undefined;
      throw e;
    });
  return browser;
}

export async function closeBrowser() {
  const b = browser;
  browser = undefined;
  if (b) await (await b.catch(() => undefined))?.close().catch(() => undefined);
}

export interface RenderedPage {
  ok: boolean;
  reasonCode: string | null;
  finalUrl: string;
  html: string;
  durationMs: number;
  screenshot?: Buffer;
}

export async function renderPage(url: string, o: FetchOptions & ChromiumSettings & { loadImages: boolean; screenshot?: boolean }): Promise<RenderedPage> {
  const started = Date.now();
  let page;
  try {
    page = await (await launch(o)).newPage();
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const type = req.resourceType();
      if ((!o.loadImages && (type === 'image' || type === 'media' || type === 'font')) || !/^https?:/.test(req.url()))
        return void req.abort().catch(() => undefined);
      outboundFetch({
        url: req.url(),
        method: req.method() === 'POST' ? 'POST' : 'GET',
        body: req.postData(),
        allowLoopback: o.allowLoopback,
        dnsServers: o.dnsServers,
        timeoutMs: o.timeoutMs,
        maxBodyBytes: 2 * 1024 * 1024,
        maxRedirects: 0,
      })
        .then((res) => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding') headers[k] = Array.isArray(v) ? v.join(', ') : v;
          return req.respond({ status: res.status, headers, body: res.body });
        })
        .catch(() => req.abort('failed').catch(() => undefined));
    });
    const res = await page.goto(url, { waitUntil: 'networkidle2', timeout: o.timeoutMs });
    const html = await page.content();
    const status = res?.status() ?? 0;
    const screenshot = o.screenshot
      ? ((await page.screenshot({ type: 'jpeg', quality: 60, fullPage: false, clip: { x: 0, y: 0, width: 1280, height: 800 } })) as Buffer)
      : undefined;
    const out = { finalUrl: page.url(), html, durationMs: Date.now() - started, screenshot };
    if (status >= 500) return { ...out, ok: false, reasonCode: 'http_5xx' };
    if (status >= 400) return { ...out, ok: false, reasonCode: 'http_4xx' };
    return { ...out, ok: true, reasonCode: null };
  } catch (e) {
    const reason = /timeout/i.test((e as Error).message) ? 'timeout' : /ERR_NAME|resolve/i.test((e as Error).message) ? 'dns_failure' : reasonOf(e);
    return { ok: false, reasonCode: reason === 'network_error' ? 'browser_error' : reason, finalUrl: url, html: '', durationMs: Date.now() - started };
  } finally {
    await page?.close().catch(() => undefined);
  }
}
