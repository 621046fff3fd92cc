// Issue 26 items 1 and 2 in real Chromium: a person connects the runtime's local sandbox mailbox in the
// browser (first with a wrong IMAP port: the refused login is shown in the IMAP half of the form and
// nothing is stored), sees its connection state and DNS badges (sandbox.test has no SPF: a fail badge
// with what to publish), acknowledges the failing DNS, suspends and resumes it, sees it in the list,
// and edits the workspace send window, seeing "opens at" and "open now" from the API. What the pages
// show is checked against the API; every page is screenshotted and checked with axe, at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/free-port.js';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium, real SMTP/IMAP logins and DNS lookups: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime(), startBrowser('senders')])));
afterAll(async () => (await run?.close(), await env?.stop()));

/** The left edge of the fieldset whose legend is `legend`, and whether it holds `text` in an alert. */
const sideOf = (p: AppPage, legend: string) =>
  p.page.evaluate((wanted: string) => {
    const set = Array.from(document.querySelectorAll('fieldset')).find((f) => f.querySelector('legend')?.textContent === wanted);
    if (!set) return null;
    return { left: set.getBoundingClientRect().left, alert: set.querySelector('[role="alert"]')?.textContent ?? null };
  }, legend);

/** The text of the field error that the field labelled `label` points to (aria-describedby), or null. */
const errorOf = (p: AppPage, label: string) =>
  p.byLabel(label).then((el) =>
    el.evaluate((e) => {
      const ids = (e.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const error = ids.map((id) => document.getElementById(id)).find((x) => x?.classList.contains('field-error'));
      return e.getAttribute('aria-invalid') === 'true' && error ? error.textContent : null;
    }),
  );

describe('senders and settings in the browser', () => {
  it('connects the sandbox mailbox, sees its state and DNS badges, suspends and resumes it, and edits the send window', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const sandbox = (await client(env.rt.url).get('/_local/mailbox')).body as { smtp: { port: number }; imap: { port: number } };
    const closedPort = await freePort(); // nothing listens there: the IMAP login is refused

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/senders');
    await p.waitForText('No mailbox is connected yet');
    await p.check('senders-empty');

    await p.click('link', 'Connect one');
    await p.waitForText('With SMTP and IMAP');
    await p.fill('Display name', 'Sandbox me');
    await p.fill('Sending address', 'me@sandbox.test');
    await p.fill('SMTP host', '127.0.0.1');
    await p.fill('SMTP port', String(sandbox.smtp.port));
    await p.fill('SMTP user', 'me@sandbox.test');
    await p.fill('SMTP application password', 'any');
    await p.fill('IMAP host', '127.0.0.1');
    await p.fill('IMAP port', String(closedPort));
    await p.fill('IMAP user', 'me@sandbox.test');
    await p.fill('IMAP application password', 'any');
    await p.check('connect-form');
    await p.click('button', 'Connect the mailbox');

    // The 422 names the IMAP side: its message sits in the IMAP half (the right one at 1280 px), not the SMTP half.
    await p.waitForText('IMAP check failed');
    const [smtpHalf, imapHalf] = [await sideOf(p, 'SMTP'), await sideOf(p, 'IMAP')];
    expect(imapHalf?.alert).toMatch(/^IMAP /);
    expect(smtpHalf?.alert).toBeNull();
    expect(imapHalf!.left).toBeGreaterThan(smtpHalf!.left);
    expect((await api.get('/api/email-accounts')).body.data).toEqual([]); // nothing stored
    await p.check('connect-imap-refused');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('connect-imap-refused-390');
    await p.page.setViewport({ width: 1280, height: 900 });

    await p.fill('IMAP port', String(sandbox.imap.port));
    await p.click('button', 'Connect the mailbox');
    await p.waitForLocation((l) => /^\/app\/senders\/[^/]+$/.test(l) && !l.endsWith('/connect'));
    const id = decodeURIComponent(p.location().split('/').pop()!);

    // Connection state and the DNS verdicts: sandbox.test publishes no SPF, so its badge says Fail with what to publish.
    await p.waitForText('SMTP and IMAP logins work');
    const dnsText = await p.waitForText('SPF: Fail');
    expect(dnsText).toMatch(/What to publish: Add a TXT record at sandbox\.test: "v=spf1/);
    expect(dnsText).toContain('DNS not acknowledged');
    const stored = (await api.get(`/api/email-accounts/${id}`)).body;
    expect(stored).toMatchObject({ email: 'me@sandbox.test', status: 'ACTIVE', dnsStatus: 'fail', lastConnectionCheck: { ok: true } });
    await p.waitForText('Cannot send now because its DNS check fails and is not acknowledged');
    await p.check('sender-dns-fail');

    await p.click('button', 'Send anyway: acknowledge the failing DNS');
    await p.waitForText('DNS acknowledged on');
    await p.waitForText('Can send now');
    expect((await api.get(`/api/email-accounts/${id}`)).body.dnsAcknowledgedAt).toEqual(expect.any(String));
    expect((await api.get(`/api/email-accounts/${id}/relay-health`)).body).toMatchObject({ sendable: true });

    await p.click('button', 'Suspend sending');
    await p.waitForText('Resume sending');
    await p.waitForText('suspended by a person');
    expect((await api.get(`/api/email-accounts/${id}`)).body).toMatchObject({ status: 'SUSPENDED', suspendedReason: 'suspended_by_user' });
    await p.waitForText('Cannot send now because it is suspended');
    await p.check('sender-suspended');
    await p.click('button', 'Resume sending');
    await p.waitForText('Suspend sending');
    await p.waitForText('Can send now');
    expect((await api.get(`/api/email-accounts/${id}`)).body.status).toBe('ACTIVE');
    // Warm-up with the default ramp: the page says it, the API has it, and the plot's cap line starts at 10.
    await p.click('button', 'Start the warm-up');
    await p.waitForText('10 messages on day 1, 5 more each day, up to 50 a day');
    expect((await api.get(`/api/email-accounts/${id}/relay-health`)).body.capByDay[0]).toMatchObject({ cap: 10, sent: 0 });
    await p.check('sender');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('sender-390');
    await p.page.setViewport({ width: 1280, height: 900 });

    // The list: the mailbox with its connection state and its DNS verdict in words.
    await p.click('link', 'All sender mailboxes');
    await p.page.waitForFunction(() => document.querySelector('table.data caption')?.textContent === 'Sender mailboxes', { timeout: 20_000 });
    const list = await p.text();
    expect(list).toContain('Sandbox me');
    expect(list).toContain('SMTP and IMAP logins work');
    expect(list).toMatch(/DNS: Fail\s*\(acknowledged\)/);
    await p.check('senders');

    // A tracking domain: the CNAME to set, and a health check that finds none yet (PENDING); the matrix lists the mailbox.
    await p.click('link', 'Tracking domains');
    await p.fill('Tracking domain', 'track.good.test');
    await p.click('button', 'Add the domain');
    await p.waitForText('Waiting for the CNAME');
    const domain = (await api.get('/api/tracking-domains')).body.data[0];
    expect(domain).toMatchObject({ domain: 'track.good.test', status: 'PENDING' });
    await p.waitForText(`track.good.test CNAME ${domain.dns.value}`);
    await p.click('button', 'Check track.good.test');
    await p.waitForText(/Waiting for the CNAME no CNAME at track\.good\.test.*\s*checked \d/);
    expect((await api.get('/api/tracking-domains')).body.data[0].lastCheckedAt).toEqual(expect.any(String));
    await p.check('tracking-domains');
    await p.click('link', 'Deliverability');
    await p.waitForText('me@sandbox.test');
    expect(await p.text()).toContain('nothing yet');
    await p.check('deliverability');

    // The send window: only tomorrow (UTC) → closed now, opens tomorrow 09:00 UTC; then no window → open now.
    await p.click('link', 'Workspace settings');
    await p.waitForText(/Open now|Closed now/);
    await p.check('settings');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const isoWeekday = ((tomorrow.getUTCDay() + 6) % 7) + 1;
    const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    await p.fill('Send only inside this window (off: at any time)', true);
    for (const [i, name] of names.entries()) await p.fill(name, i + 1 === isoWeekday);
    await p.fill('Time zone', 'UTC');
    await p.click('button', 'Save the send window');
    await p.waitForText('Send window saved.');
    await p.waitForText('Closed now: opens at');
    const window = (await api.get('/api/settings/send-window')).body;
    expect(window).toMatchObject({ source: 'workspace', windowOpen: false, configured: { workDays: [isoWeekday], timezone: 'UTC' } });
    expect(window.nextOpenAt).toBe(`${tomorrow.toISOString().slice(0, 10)}T09:00:00.000Z`);
    expect(await p.text()).toContain(`${names[isoWeekday - 1]}`);
    await p.check('settings-window-closed');

    await p.fill('Send only inside this window (off: at any time)', false);
    await p.click('button', 'Save the send window');
    await p.waitForText('Open now: no send window');
    expect((await api.get('/api/settings/send-window')).body).toMatchObject({ windowOpen: true, configured: { enabled: false } });

    // The company profile: a too short address is refused next to its field, then saved.
    await p.fill('Company name', 'Acme GmbH');
    await p.fill('Physical address', 'x');
    await p.click('button', 'Save the company profile');
    await p.waitForText(/physicalAddress \S/);
    expect(await errorOf(p, 'Physical address')).toMatch(/^physicalAddress /);
    expect((await api.get('/api/settings/company-profile')).body.configured).toBe(false);
    await p.fill('Physical address', 'Hauptstrasse 1, 10115 Berlin, Germany');
    await p.click('button', 'Save the company profile');
    await p.waitForText('Company profile saved.');
    expect((await api.get('/api/settings/company-profile')).body.profile).toMatchObject({ physicalAddress: 'Hauptstrasse 1, 10115 Berlin, Germany' });
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('settings-390');
    await p.page.setViewport({ width: 1280, height: 900 });

    // Delete all data: the button stays off until the phrase is typed exactly; the wipe is followed to its end.
    const wipe = () => p.page.$eval('::-p-aria([name="Delete all data of this workspace"][role="button"])', (b) => (b as HTMLButtonElement).disabled);
    await p.fill('Type DELETE ALL DATA to confirm', 'delete all data');
    expect(await wipe()).toBe(true);
    await p.fill('Type DELETE ALL DATA to confirm', 'DELETE ALL DATA');
    expect(await wipe()).toBe(false);
    await p.click('button', 'Delete all data of this workspace');
    await p.waitForText('All data deleted.', 60_000);
    expect((await api.get('/api/email-accounts')).body.data).toEqual([]);
    await p.check('settings-wiped');
    await p.close();
  });
});
