// The public HTML pages (unsubscribe, signup links, console, OAuth landing) refuse to be framed:
// headers over HTTP, and real Chromium (puppeteer-core) showing that a page on another origin
// cannot frame the unsubscribe button (clickjacking a one-click unsubscribe).
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS } from '../../shared/platform/adapters/chromium/launch.js';
import { signLink } from '../../shared/mailing/sending/links.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PROFILE = path.resolve('.tmp', `chromium-framing-${process.pid}`);
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let hostile: Server;
let hostileUrl = '';
let unsubscribeUrl = '';

beforeAll(async () => {
  rt = await startTestRuntime();
  const account = await createApprovedAccount(rt.deps);
  unsubscribeUrl = `${rt.url}/u/${signLink(rt.deps, { k: 'u', t: account.tenantId, a: 'task1', c: 'contact1', e: 'reader@example.test' })}`;
  // Another origin (another port) that frames the unsubscribe page and reports when the frame has loaded.
  hostile = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><iframe id="f" src="${unsubscribeUrl}" onload="document.title='loaded'"></iframe>`);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', () => resolve()));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as { port: number }).port}/`;
  mkdirSync(PROFILE, { recursive: true });
  browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: PROFILE, args: ['--headless', ...HEADLESS_FLAGS] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  hostile?.close();
  await rt?.stop();
  rmSync(PROFILE, { recursive: true, force: true });
});

describe('public HTML pages refuse to be framed', () => {
  it("the unsubscribe page carries a strict CSP with frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const page = await client(rt.url).get(unsubscribeUrl.slice(rt.url.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('reader@example.test');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${rt.url}`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('so do the signup terms page, the console and the local mailbox page', async () => {
    const http = client(rt.url, { headers: { accept: 'text/html' } });
    for (const p of ['/v1/signup/terms', '/console', '/_local/mailbox']) {
      const r = await http.get(p);
      expect(r.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(r.headers.get('content-security-policy'), p).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options'), p).toBe('DENY');
    }
  });

  it("Chromium does not show the unsubscribe form inside another origin's frame", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(hostileUrl);
      await page.waitForFunction(() => document.title === 'loaded', { timeout: 30_000 });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      const formShown = frame ? await frame.evaluate(() => document.querySelector('form') !== null).catch(() => false) : false;
      expect(formShown).toBe(false);
      // The page itself, opened directly, shows the form: the refusal is about framing only.
      await page.goto(unsubscribeUrl);
      expect(await page.evaluate(() => document.querySelector('form button')?.textContent)).toBe('Unsubscribe');
    } finally {
      await page.close();
    }
  }, 60_000);
});
