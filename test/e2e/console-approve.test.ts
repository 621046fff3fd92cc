// The admin console in real Chromium (Debian package, via scripts/ensure-test-tools.mjs) driven by
// puppeteer-core: sign in with the admin token, click Approve, and the registration is approved.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { registrationAwaitingApproval, until } from '../support/signup-flow.js';

process.env.LIMIT_V1_RATE = 'off';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PROFILE = path.resolve('.tmp', `chromium-console-${process.pid}`);
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let browser: Browser;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  http = client(rt.url);
  mkdirSync(PROFILE, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: PROFILE,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
});
afterAll(async () => {
  await browser?.close();
  await rt?.stop();
  rmSync(PROFILE, { recursive: true, force: true });
});

describe('/console', () => {
  it('is served with a strict CSP; unknown console paths are 404', async () => {
    const page = await http.get('/console');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await http.get('/console/app.js')).headers.get('content-type')).toMatch(/javascript/);
    expect((await http.get('/console/nope')).status).toBe(404);
  });

  it('an admin signs in, clicks Approve, and the account becomes approved', async () => {
    const reg = await registrationAwaitingApproval(http, freshAddress());
    const other = await registrationAwaitingApproval(http, freshAddress());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${rt.url}/console`, { waitUntil: 'load', timeout: 30_000 });

    // A wrong token is refused and the login form stays.
    await page.type('#token', 'not-the-admin-token');
    await page.click('#signin');
    await page.waitForSelector('#login-error', { timeout: 15_000 });
    expect(await page.$eval('#login', (f) => (f as HTMLElement).hidden)).toBe(false);

    await page.type('#token', TEST_ADMIN_TOKEN);
    await page.click('#signin');
    const row = `tr[data-email="${reg.email}"]`;
    await page.waitForSelector(row, { timeout: 15_000 });
    expect(await page.$(`tr[data-email="${other.email}"]`)).not.toBeNull();
    // The token is kept in this tab's sessionStorage, not in a cookie.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('svc_admin_token'))).toBe(TEST_ADMIN_TOKEN);

    await page.click(`${row} button[data-action="approve"]`);
    await page.waitForFunction((sel) => !document.querySelector(sel), { timeout: 15_000 }, row);
    expect(await page.$eval('#status', (s) => s.textContent)).toContain(`Approved ${reg.email}`);

    const me = await until(async () => {
      const r = await http.get('/v1/me', { authorization: `Bearer ${reg.key}` });
      return r.body?.scope === 'approved' ? r : undefined;
    });
    expect(me.body).toMatchObject({ scope: 'approved', state: 'approved', status: 'ACTIVE' });
    expect((await http.get('/api/billing/balance', { authorization: `Bearer ${reg.key}` })).status).toBe(200);
    // The other registration is still waiting.
    expect((await http.get('/v1/me', { authorization: `Bearer ${other.key}` })).body.state).toBe('awaiting_admin_approval');
    expect(errors).toEqual([]);
    await page.close();
  });
});
