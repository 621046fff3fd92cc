// Issue 23: the web app's sign-in journeys in real Chromium, each checked by what a person sees; every
// page is screenshotted (paths printed) and checked with axe-core (no serious or critical violation).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getQuestionnaire } from '../../shared/workspace/accounts-register/questionnaire.js';
import { AccountEmail } from '../../shared/workspace/identity/entities.js';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { activeAccount, mailedVerifyLink, PASSWORD, registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';

// Each journey drives a real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

/** A journey drives a real browser through several pages: minutes on a loaded machine, not the default 60 s. */
const JOURNEY = { timeout: 240_000 };

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [env, run] = await Promise.all([startAccountsRuntime(), startBrowser('auth')]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
});

/** The verification link of the newest mail to `email`, as the local outbox lists it. */
const verifyLink = async (email: string) => (await mailedVerifyLink(env.http, email))!;

describe('register → verify → sign in → overview', JOURNEY, () => {
  it('a new person gets from the registration form to their workspace', async () => {
    const p = await run.newPage();
    await p.goto(`${env.rt.url}/app/`);
    await p.waitForText('Sign in');
    expect(p.location()).toBe('/app/login');
    await p.check('sign-in');
    // From the keyboard: the first Tab shows the skip link, Enter skips to the content, the next Tab
    // reaches the first field, with a visible focus ring.
    const focused = () =>
      p.page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const style = getComputedStyle(e);
        return { tag: e.tagName, text: e.textContent, id: e.id, top: e.getBoundingClientRect().top, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    await p.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'A', text: 'Skip to content', outline: 'solid 3px' });
    expect((await focused()).top).toBeGreaterThanOrEqual(0);
    await p.press('Enter');
    expect(await focused()).toMatchObject({ tag: 'MAIN', id: 'main' });
    await p.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'INPUT', outline: 'solid 3px' });
    expect(await p.page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent)).toBe('Email');

    await p.click('link', 'Create an account');
    await p.waitForText('Work email');
    await p.check('register');
    // The API's rules, shown next to the fields they name.
    await p.fill('Work email', 'not-an-address');
    await p.fill('Password', 'short');
    await p.fill('First name', 'Ada');
    await p.click('button', 'Create account');
    await p.waitForText('email must be an email');
    const text = await p.waitForText('password must be longer than or equal to 8 characters');
    expect(text).not.toContain('Check your mail');
    expect(await (await p.byLabel('Work email')).evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.check('register-field-errors');

    const email = uniqueEmail('good.test');
    await p.fill('Work email', email);
    await p.fill('Password', PASSWORD);
    await p.fill('Company', 'Acme <b>Widgets</b>');
    await p.click('button', 'Create account');
    await p.waitForText('Check your mail');
    expect(await p.text()).toContain(email);
    await p.check('register-sent');

    await p.goto(await verifyLink(email));
    await p.waitForText('Your address is verified');
    expect(p.location()).toBe('/app/login?verified=1');
    await p.check('sign-in-verified');

    await p.submitSignIn({ email, password: PASSWORD });
    const overview = await p.waitForText('Balance');
    expect(p.location()).toBe('/app');
    // The company name is the workspace's name, shown as text (its markup is not interpreted).
    expect(overview).toContain('Acme <b>Widgets</b>');
    expect(overview).toContain('SUPER');
    await p.waitForText('$0.00');
    await p.waitForText('Sales: 0 leads');
    expect(await p.page.title()).toBe('Overview · svc');
    await p.check('overview');

    // No credential is readable by the page: the cookie is HttpOnly, nothing is stored.
    const stored = await p.page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(stored).not.toMatch(/svc_pk_|svc_session/);

    // 390 px: the navigation collapses behind a button that opens it.
    await p.page.setViewport({ width: 390, height: 844 });
    expect(await p.page.$eval('nav[aria-label="Main"]', (n) => getComputedStyle(n).display)).toBe('none');
    await p.click('button', 'Menu');
    await p.click('link', 'Overview');
    await p.check('overview-390');

    await p.page.setViewport({ width: 1280, height: 900 });
    await p.click('button', 'Sign out');
    await p.waitForText('Sign in');
    await p.goto(`${env.rt.url}/app/`);
    await p.waitForLocation((l) => l.startsWith('/app/login'));
    await p.close();
  });

  it('an address the automatic checks cannot pass: the link opens the questionnaire, then the account waits for review', async () => {
    const email = uniqueEmail('gmail.com');
    const { verifyPath } = await registerAccount(env, email);
    const p = await run.newPage();
    await p.goto(env.rt.url + verifyPath);
    await p.waitForText('About your business');
    expect(p.location()).toMatch(/^\/app\/signup-questionnaire\?status=PENDING&signup_token=/);
    await p.check('questionnaire');

    await p.fill('Company name', 'Acme Widgets');
    await p.fill('Website', 'not a web address');
    await p.fill('What will you use svc for?', 'Introduce our widgets to procurement teams');
    await p.fill('Where do your contacts come from?', 'Trade fair visitors who left a card');
    await p.click('button', 'Send answers');
    await p.waitForText('website must match the url format');
    await p.check('questionnaire-field-error');

    await p.fill('Website', 'https://acme.example');
    await p.fill('Company size (people)', '11-50');
    await p.fill('Country (two letters, e.g. DE)', 'de');
    await p.fill('Countries you write to', 'DE, AT');
    await p.fill('Emails per month (expected)', '2000');
    await p.fill('I write to businesses only (B2B)', true);
    await p.click('button', 'Send answers');
    await p.waitForText('Thank you');
    expect(await p.text()).toContain('PENDING');
    await p.check('questionnaire-sent');

    const accountId = (await env.rt.deps.platform.get<{ accountId: string }>(AccountEmail.key({ email })))!.accountId;
    expect((await getQuestionnaire(env.rt.deps, accountId)).answers).toMatchObject({
      companyName: 'Acme Widgets',
      website: 'https://acme.example',
      companySize: '11-50',
      country: 'DE',
      targetCountries: ['DE', 'AT'],
      expectedMonthlyVolume: 2000,
      b2bOnly: true,
    });

    // Signing in before approval shows where the registration stands, not a broken workspace.
    await p.click('link', 'Go to sign in');
    await p.submitSignIn({ email, password: PASSWORD });
    await p.waitForText('Your account is not active yet');
    await p.check('account-pending');

    await p.goto(`${env.rt.url}/app/signup-questionnaire`);
    await p.waitForText('This page needs the link from your verification email');
    await p.close();
  });
});

describe('session expiry', JOURNEY, () => {
  it('returns to sign-in and, after it, to the page that was open', async () => {
    const account = await activeAccount(env);
    const p = await run.newPage();
    await p.goto(`${env.rt.url}/app/?view=kept`);
    await p.waitForLocation((l) => l === '/app/login?next=%2F%3Fview%3Dkept');
    await p.submitSignIn(account);
    await p.waitForText('Balance');
    expect(p.location()).toBe('/app?view=kept');

    // The session lives 12 h: a day later the next answer is 401, as the person returns to the tab.
    // A read still in flight from the first load would answer the refetch the tab's return asks for.
    await p.page.waitForNetworkIdle({ idleTime: 300, timeout: 45_000 });
    expect((await env.http.post('/_local/clock', { advanceMs: 13 * 3_600_000 })).status).toBe(200);
    await p.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await p.waitForText('Your session has ended');
    expect(p.location()).toBe('/app/login?next=%2F%3Fview%3Dkept&expired=1');
    await p.check('session-ended');

    await p.submitSignIn(account);
    await p.waitForText('Balance');
    expect(p.location()).toBe('/app?view=kept');
    await p.close();
  });

  it('sends an unknown address inside the app to the not-found page', async () => {
    const p = await run.newPage();
    await p.signIn(env.rt.url, await activeAccount(env));
    await p.waitForText('Balance');
    await p.goto(`${env.rt.url}/app/no/such/page`);
    await p.waitForText('There is nothing here');
    await p.check('not-found');
    await p.close();
  });
});

describe('the workspace switcher', JOURNEY, () => {
  it('a person in two workspaces picks one; the pages act in it and the choice survives a reload', async () => {
    const guest = await activeAccount(env, 'Guest Co');
    const host = await activeAccount(env, 'Host Ltd');
    const add = await client(env.rt.url, { key: host.apiKey }).post('/api/tenants/members', { email: guest.email, role: 'MEMBER' });
    expect(add.status).toBe(202);
    const mails = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(guest.email)}`)).body.data as { subject: string; links?: { accept?: string } }[];
    const token = new URL(mails.find((m) => m.links?.accept)!.links!.accept!).searchParams.get('token');
    expect((await client(env.rt.url, { key: guest.apiKey }).post('/api/tenants/invitations/accept', { token })).status).toBe(200);
    const admin = client(env.rt.url, { key: TEST_ADMIN_TOKEN });
    expect((await admin.post(`/admin/api/tenants/${host.tenantId}/credit`, { amount: 25, note: 'switcher journey' })).status).toBe(200);

    const p = await run.newPage();
    await p.signIn(env.rt.url, guest);
    await p.waitForText('Your role: SUPER');
    expect(await p.page.$eval('h1', (h) => h.textContent)).toBe('Guest Co');
    await p.waitForText('$0.00');
    await p.check('workspace-switcher');

    await p.fill('Workspace', host.tenantId);
    await p.waitForText('Your role: MEMBER');
    expect(await p.page.$eval('h1', (h) => h.textContent)).toBe('Host Ltd');
    // The balance card now reads the host's workspace (X-Tenant-Id), not the guest's.
    await p.waitForText('$25.00');
    await p.check('workspace-switched');

    await p.goto(`${env.rt.url}/app/`);
    await p.waitForText('Your role: MEMBER');
    expect(await p.page.$eval('h1', (h) => h.textContent)).toBe('Host Ltd');
    await p.close();
  });
});

describe('cross-origin requests with the cookie', JOURNEY, () => {
  it("a page of another loopback origin cannot act as the signed-in person; the app's own page can", async () => {
    const account = await activeAccount(env);
    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.waitForText('Balance');

    // Another origin of the same site (127.0.0.1, another port): the browser sends the Lax cookie with its
    // form POST. The form smuggles JSON in a text/plain body, the classic trick against JSON APIs.
    const attacker = await startAttackerSite(env.rt.url);
    try {
      await p.goto(`${attacker.url}/form`);
      await p.waitForText('Cross-origin request refused');
      expect(p.location()).toBe('/api/pipelines');
      // Its fetch with credentials (no-cors: it never reads the answer) is refused as well.
      await p.goto(`${attacker.url}/fetch`);
      await p.waitForText('sent');
    } finally {
      await attacker.stop();
    }

    // The app's own origin, with the same cookie: accepted.
    await p.goto(`${env.rt.url}/app/`);
    await p.waitForText('Balance');
    const status = await p.page.evaluate(async () => {
      const r = await fetch('/api/pipelines', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mine' }) });
      return r.status;
    });
    expect(status).toBe(201);

    const login = await env.http.post('/api/auth/login', { email: account.email, password: account.password });
    const cookie = /svc_session=[^;]*/.exec(login.headers.get('set-cookie')!)![0];
    const names = (await client(env.rt.url, { headers: { cookie } }).get('/api/pipelines?pageSize=100')).body.data.map((x: { name: string }) => x.name);
    expect(names).toContain('Mine');
    expect(names).not.toContain('Evil form');
    expect(names).not.toContain('Evil fetch');
    await p.close();
  });
});

/** A site on another 127.0.0.1 port whose pages POST to the service with the browser's cookies. */
async function startAttackerSite(target: string) {
  const pages: Record<string, string> = {
    '/form': `<!doctype html><title>Win a prize</title><form method="POST" action="${target}/api/pipelines" enctype="text/plain">
      <input type="hidden" name='{"name":"Evil form","x":"' value='"}'></form><script>document.forms[0].submit()</script>`,
    '/fetch': `<!doctype html><title>Win a prize</title><p id="out"></p><script>
      fetch('${target}/api/pipelines', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ name: 'Evil fetch' }) }).finally(() => { document.getElementById('out').textContent = 'sent'; });</script>`,
  };
  const server = http.createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html' }).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}
