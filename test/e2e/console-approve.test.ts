// The admin console in real Chromium (Debian package, via scripts/ensure-test-tools.mjs) driven by
// puppeteer-core: sign in with the admin token, click Approve, and the registration is approved.
// Each console page is screenshotted and checked with axe-core like the app's pages (test/support/browser.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client, freshAddress, startTestRuntime, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { registrationAwaitingApproval, until } from '../support/signup-flow.js';
import { questionnaireAccount } from './accounts-fixtures.js';

process.env.LIMIT_V1_RATE = 'off';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let run: BrowserRun;

beforeAll(async () => {
  [rt, run] = await Promise.all([startTestRuntime({ env: { TRUST_PROXY: 'true' } }), startBrowser('console')]);
  http = client(rt.url);
});
afterAll(async () => {
  await run?.close();
  await rt?.stop();
});

describe('/console', () => {
  it('is served with a strict CSP; unknown console paths are 404', async () => {
    expect((await http.get('/console/billing')).headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await http.get('/console/billing.js')).headers.get('content-type')).toMatch(/javascript/);
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
    const p = await run.newPage();
    const page = p.page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${rt.url}/console`, { waitUntil: 'load', timeout: 30_000 });
    await p.check('console-sign-in');

    // A wrong token is refused and the login form stays.
    await page.type('#token', 'not-the-admin-token');
    await page.click('#signin');
    await page.waitForSelector('#login-error', { timeout: 15_000 });
    expect(await page.$eval('#login', (f) => (f as HTMLElement).hidden)).toBe(false);
    await p.check('console-token-refused');

    await page.type('#token', TEST_ADMIN_TOKEN);
    await page.click('#signin');
    const row = `tr[data-email="${reg.email}"]`;
    await page.waitForSelector(row, { timeout: 15_000 });
    expect(await page.$(`tr[data-email="${other.email}"]`)).not.toBeNull();
    await p.check('console-awaiting-approval');
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
    await p.close();
  });

  it('an admin approves an account that answered the signup questionnaire; its key then works', async () => {
    const q = await questionnaireAccount({ rt, http });
    expect((await http.get('/api/billing/balance', { authorization: `Bearer ${q.apiKey}` })).status).toBe(403);
    const p = await run.newPage();
    const page = p.page;
    await page.goto(`${rt.url}/console`, { waitUntil: 'load', timeout: 30_000 });
    await page.type('#token', TEST_ADMIN_TOKEN);
    await page.click('#signin');
    const row = `tr[data-account="${q.accountId}"]`;
    await page.waitForSelector(row, { timeout: 15_000 });
    expect(await page.$eval(row, (tr) => tr.textContent)).toContain('waiting');
    await p.check('console-questionnaires');
    await p.click('button', `Approve ${q.email}`);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('active'), { timeout: 15_000 }, row);
    expect(await page.$eval('#q-status', (s) => s.textContent)).toContain(`Approved ${q.email}`);
    expect(await page.$(`${row} button`)).toBeNull();
    expect((await http.get('/v1/me', { authorization: `Bearer ${q.apiKey}` })).body).toMatchObject({ status: 'ACTIVE', scope: 'approved' });
    expect((await http.get('/api/billing/balance', { authorization: `Bearer ${q.apiKey}` })).status).toBe(200);
    await p.close();
  });

  it('an admin credits a tenant; its owner sees the balance and the credit on the billing page (the topUpUrl)', async () => {
    const owner = await createApprovedAccount(rt.deps);
    const api = client(rt.url, { key: owner.apiKey });
    const { topUpUrl } = (await api.get('/api/billing/balance')).body;
    expect(topUpUrl).toBe(`${rt.url}/console/billing?tenant=${owner.tenantId}`);

    const adminPage = await run.newPage();
    const admin = adminPage.page;
    const errors: string[] = [];
    admin.on('pageerror', (e) => errors.push(String(e)));
    await admin.goto(`${rt.url}/console`, { waitUntil: 'load', timeout: 30_000 });
    await admin.type('#token', TEST_ADMIN_TOKEN);
    await admin.click('#signin');
    const row = `tr[data-tenant="${owner.tenantId}"]`;
    await admin.waitForSelector(row, { timeout: 15_000 });
    // A refused amount changes nothing and says why.
    await admin.type(`${row} input.amount`, '2000000');
    await admin.type(`${row} input.note`, 'too much');
    await admin.click(`${row} button[type="submit"]`);
    await admin.waitForFunction(() => document.querySelector('#tenant-status.error')?.textContent, { timeout: 15_000 });
    expect((await api.get('/api/billing/balance')).body.balance).toBe(0);
    await adminPage.check('console-credit-refused');
    await admin.$eval(`${row} input.amount`, (i) => ((i as HTMLInputElement).value = ''));
    await admin.$eval(`${row} input.note`, (i) => ((i as HTMLInputElement).value = ''));
    await admin.type(`${row} input.amount`, '12.5');
    await admin.type(`${row} input.note`, 'invoice 2026-117');
    await admin.click(`${row} button[type="submit"]`);
    await admin.waitForFunction((sel) => document.querySelector(sel)?.textContent?.startsWith('12.5 '), { timeout: 15_000 }, `${row} td.balance`);
    expect((await api.get('/api/billing/balance')).body.balance).toBe(12.5);
    await adminPage.close();

    const billing = await run.newPage();
    const page = billing.page;
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(topUpUrl, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForSelector('#login:not([hidden])', { timeout: 15_000 });
    await page.type('#key', 'svc_pk_not-a-real-key');
    await page.click('#signin');
    await page.waitForFunction(() => document.querySelector('#login-error')?.textContent === 'That key is not valid.', { timeout: 15_000 });
    await page.type('#key', owner.apiKey);
    await page.click('#signin');
    await page.waitForSelector('#panel:not([hidden])', { timeout: 15_000 });
    await billing.check('console-billing');
    expect(await page.$eval('#balance', (b) => b.textContent)).toBe('12.5 USD');
    expect(await page.$eval('#tenant', (b) => b.textContent)).toBe(owner.tenantId);
    await page.waitForSelector('#rows tr', { timeout: 15_000 });
    expect(await page.$$eval('#rows tr td', (tds) => tds.map((t) => t.textContent))).toEqual(expect.arrayContaining(['credit', 'invoice 2026-117']));
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(errors).toEqual([]);
    await billing.close();
  });
});
