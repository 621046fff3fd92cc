// Issue 26's "Done when", walked by one new person in ONE browser session, through the pages only: they
// register with a business address, open the verify link from their mail (the local outbox), sign in,
// connect the local sandbox mailbox in the connect form, fill the company profile and send settings,
// import a CSV of 10 contacts straight into a new contact list, write a creative with
// {{firstName}} and preview it for one of them, create a mailing task in the wizard, approve it, start it
// and watch it reach COMPLETED with the sends plotted; a recipient answers (the outside world: the
// sandbox's reply endpoint), the person syncs the inbox, sees the dialog labelled, generates a reply,
// edits and sends it, and it lands in the recipient's sandbox mailbox. The operator's one act, the
// top-up after payment, goes over the admin API (there is no card payment in the app; the console's
// credit in the browser is walked in web-billing.test.ts). Key figures are cross-checked with the API (GETs with the
// person's own session cookie); every page is screenshotted and checked with axe, once at 390 px.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { waitFor } from '../support/poll.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { plottedSends, taskCounter, taskStateLine } from '../support/task-page.js';
import { mailedVerifyLink, PASSWORD, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';

// One real Chromium through some twenty pages with axe, ten paced sends: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 420_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
// Sends swept each second; no scheduled inbox sync, so the reply arrives when the person presses "Sync now".
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime({ SEND_SWEEP_MS: '1000', INBOX_SYNC_MS: '0' }), startBrowser('cold-campaign')])));
afterAll(async () => (await run?.close(), await env?.stop()));

const FIRST_NAMES = ['Ann', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gail', 'Hugo', 'Iris', 'Jack'];
const SENDER = 'sales@sandbox.test';
const address = (firstName: string) => `${firstName.toLowerCase()}@sandbox.test`;

function writeCsv() {
  const dir = path.join(process.env.TMPDIR || '/tmp', `web-cold-campaign-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'buyers.csv');
  const rows = FIRST_NAMES.map((name, i) => `Buyer ${i + 1} Ltd,${address(name)},${name}`);
  writeFileSync(file, ['Company,Email,First name', ...rows].join('\n') + '\n');
  return file;
}

/** Follows a link of the main navigation, as a person does from any page. */
const nav = async (p: AppPage, label: string, shows: string | RegExp) => {
  const link = await p.page.waitForSelector(`nav[aria-label="Main"] ::-p-aria([name="${label}"][role="link"])`, { timeout: 20_000 });
  await link!.click();
  await p.waitForText(shows);
};

describe('a whole cold campaign in the browser', () => {
  it('a new person registers, connects the sandbox, imports contacts, writes, sends, watches, and answers a reply', async () => {
    const local = client(env.rt.url);
    const p = await run.newPage();

    // 1. Register with a business address; the verify link comes from their mail; sign in.
    await p.goto(`${env.rt.url}/app/`);
    await p.click('link', 'Create an account');
    const email = uniqueEmail('good.test');
    await p.fill('Work email', email);
    await p.fill('Password', PASSWORD);
    await p.fill('First name', 'Ada');
    await p.fill('Company', 'Acme Widgets');
    await p.click('button', 'Create account');
    await p.waitForText('Check your mail');
    await p.check('registered');
    await p.goto((await mailedVerifyLink(local, email))!);
    await p.waitForText('Your address is verified');
    await p.submitSignIn({ email, password: PASSWORD });
    await p.waitForText('Balance');
    await p.waitForText('$0.00');
    await p.check('overview');

    // The person's own session, for cross-checks over the API (reads only).
    const cookie = (await p.page.browserContext().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const workspaces = (await client(env.rt.url, { headers: { cookie } }).get('/api/tenants')).body.data as { tenantId: string; role: string }[];
    expect(workspaces).toEqual([expect.objectContaining({ role: 'SUPER', status: 'ACTIVE' })]);
    const tenantId = workspaces[0].tenantId;
    const api = client(env.rt.url, { headers: { cookie, 'x-tenant-id': tenantId } });

    // 2. The operator credits the workspace after the payment (admin API); the billing page shows it.
    const admin = client(env.rt.url, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect((await admin.post(`/admin/api/tenants/${tenantId}/credit`, { amount: 10, note: 'Top-up after payment' })).status).toBeLessThan(300);
    await nav(p, 'Balance and ledger', 'Top-up after payment');
    // The headline agrees with the ledger at once (it showed the overview's cached 0.00 before: fixed).
    await p.waitForText('Balance: 10.00 USD');
    await p.check('billing');

    // 3. Connect the local sandbox mailbox (its ports are on /_local/mailbox) and accept its failing DNS.
    const sandbox = (await local.get('/_local/mailbox')).body as { smtp: { port: number }; imap: { port: number } };
    await nav(p, 'Connect a mailbox', 'With SMTP and IMAP');
    await p.fill('Display name', 'Sales');
    await p.fill('Sending address', SENDER);
    await p.fill('SMTP host', '127.0.0.1');
    await p.fill('SMTP port', String(sandbox.smtp.port));
    await p.fill('SMTP user', SENDER);
    await p.fill('SMTP application password', 'any');
    await p.fill('IMAP host', '127.0.0.1');
    await p.fill('IMAP port', String(sandbox.imap.port));
    await p.fill('IMAP user', SENDER);
    await p.fill('IMAP application password', 'any');
    await p.click('button', 'Connect the mailbox');
    await p.waitForText('SMTP and IMAP logins work');
    await p.waitForText('SPF: Fail');
    await p.click('button', 'Send anyway: acknowledge the failing DNS');
    await p.waitForText('Can send now');
    const [mailbox] = (await api.get('/api/email-accounts')).body.data;
    expect(mailbox).toMatchObject({ email: SENDER, status: 'ACTIVE', dnsAcknowledgedAt: expect.any(String) });
    await p.check('mailbox-connected');

    // 4. Settings: the company profile (the footer's sender and address), no send window, one second between sends.
    await nav(p, 'Workspace settings', 'Company profile');
    await p.fill('Company name', 'Acme Widgets Ltd');
    await p.fill('Physical address', '1 Sandbox Street, 10115 Berlin, Germany');
    await p.click('button', 'Save the company profile');
    await p.waitForText('Company profile saved.');
    await p.fill('Send only inside this window (off: at any time)', false);
    await p.click('button', 'Save the send window');
    await p.waitForText('Open now: no send window');
    await p.fill('Seconds between two messages of one mailbox', '1');
    await p.click('button', 'Save the interval');
    await p.waitForText('Interval saved: 1 s.');
    expect((await api.get('/api/settings/min-send-interval')).body).toEqual({ seconds: 1 });
    expect((await api.get('/api/settings/company-profile')).body.configured).toBe(true);
    await p.check('settings');

    // 5. Ten contacts imported from a CSV straight into a new contact list, in one go (the import page's Contacts mode).
    await nav(p, 'Import a file', 'Import companies and contacts');
    await p.choose('The file holds', 'Contacts');
    await p.waitForText('Import contacts');
    const input = (await p.byLabel('CSV file')) as Awaited<ReturnType<AppPage['byLabel']>> & { uploadFile(f: string): Promise<void> };
    await input.uploadFile(writeCsv());
    await p.waitForText('buyers.csv: 10 rows, 3 columns');
    // A contact import makes no companies: the file's Company column is said to stay behind.
    await p.waitForText('Not imported: Company.');
    await p.choose('Put the contacts into', 'A new contact list');
    await p.fill('New list name', 'Spring buyers');
    await p.click('button', 'Import 10 rows');
    await p.waitForText('Summary', 90_000);
    await p.waitForText('Spring buyers');
    expect(await p.text()).toMatch(/Created\s+10\s+Updated\s+0\s+Skipped as duplicates\s+0\s+Rejected\s+0\s+Contact list\s+Spring buyers/);
    await p.check('import-done');
    await p.click('link', 'Spring buyers');
    await p.waitForText('jack@sandbox.test');
    await p.check('contacts-listed');
    const [list] = (await api.get('/api/contact-lists')).body.data;
    expect(list).toMatchObject({ name: 'Spring buyers' });
    expect((await api.get(`/api/contact-lists/${list.id}/contacts`)).body.data).toHaveLength(10);

    // 6. A creative with {{firstName}}, previewed for Ann: the subject and the framed body say her name.
    await nav(p, 'Creatives', 'No creatives yet');
    await p.fill('Creative name', 'Spring intro');
    await p.fill('Subject line', 'Hi {{firstName}}');
    await p.fill('Body (HTML)', '<p>Hello {{firstName}}, may I show you our spring range?</p>');
    await p.click('button', 'Create creative');
    await p.waitForText('Content version 1.');
    await p.choose('Recipient for the preview, check, test send and PDF', 'Ann');
    await p.waitForText('Hi Ann');
    await p.waitForText('Every variable resolved for this recipient.');
    expect(await p.inFrame('iframe.preview-frame', 'p', /Ann/)).toMatchObject({ text: 'Hello Ann, may I show you our spring range?' });
    await p.check('creative-preview');

    // 7. The mailing task: the wizard, approval, start, and the live progress to COMPLETED with the sends plotted.
    await nav(p, 'New mailing task', 'Step 1 of 3');
    await p.choose('Contact list', 'Spring buyers');
    await p.waitForText('10 would be sent');
    await p.click('button', 'Next');
    await p.choose('Creative', 'Spring intro');
    await p.choose('Mailbox that sends', 'Sales');
    await p.click('button', 'Next');
    await p.waitForText('Step 3 of 3');
    await p.fill('Description', 'Spring intro to buyers');
    await p.check('task-review');
    await p.click('button', 'Create task');
    await p.waitForText('Waiting for approval');
    const taskId = decodeURIComponent(p.location().split('/').pop()!);
    await p.fill('Approval note', 'Copy and list checked');
    await p.click('button', 'Approve');
    await p.waitForText('Copy and list checked');
    await p.click('button', 'Start sending');
    await waitFor(
      'the page to show sends',
      async () => (await taskCounter(p, 'Sent')) > 0,
      600,
      () => new Promise((r) => setTimeout(r, 200)),
    );
    await p.check('task-sending');
    await waitFor(
      'the page to show COMPLETED',
      async () => (await taskStateLine(p)).startsWith('Completed'),
      600,
      () => new Promise((r) => setTimeout(r, 300)),
    );
    expect(await taskCounter(p, 'Sent')).toBe(10);
    expect((await api.get(`/api/tasks/${taskId}`)).body).toMatchObject({ status: 'COMPLETED', counters: { total: 10, sent: 10, skipped: 0, failed: 0 } });
    await p.page.click('figure.plot summary');
    await waitFor('the plot to hold the 10 sends', async () => (await plottedSends(p)).reduce((a, b) => a + b, 0) === 10, 100);
    const series = (await api.get(`/api/tasks/${taskId}/send-series`)).body.data as { sent: number }[];
    expect(series.reduce((n, m) => n + m.sent, 0)).toBe(10);
    await p.check('task-completed');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('task-completed-390');
    await p.page.setViewport({ width: 1280, height: 900 });
    // Each recipient got one mail, with their own name (read in the sandbox, as the outside world).
    const annInbox = async () =>
      (await local.get(`/_local/mailbox?address=${address('Ann')}`)).body.mailboxes[0].messages as { uid: number; subject: string }[];
    for (const name of FIRST_NAMES) {
      const got = (await local.get(`/_local/mailbox?address=${address(name)}`)).body.mailboxes[0].messages as { subject: string }[];
      expect(got.map((m) => m.subject)).toEqual([`Hi ${name}`]);
    }
    const [toAnn] = await annInbox();

    // 8. Ann answers (the outside world); the person syncs, sees the dialog labelled, and answers her.
    const answered = await local.post('/_local/mailbox/reply', { address: address('Ann'), uid: toAnn.uid, text: 'Interested, send me the pricing please.' });
    expect(answered.status).toBe(200);
    await nav(p, 'Inbox', 'Sync now');
    await p.click('button', 'Sync now');
    await p.waitForText(`${SENDER}: 1 read, 1 new`);
    await p.waitForText('Interested: 1 unread');
    await p.check('inbox-synced');
    await p.click('link', 'Re: Hi Ann');
    await p.waitForText('Interested, send me the pricing please.');
    await p.click('button', 'Generate reply');
    await p.waitForText('Draft from a template');
    await p.fill('Reply text', 'Hi Ann,\n\nThank you! Our spring pricing starts at 49 EUR a month.\n\nBest, Ada');
    await p.click('button', 'Send reply');
    await p.waitForText('Reply sent.');
    await p.check('reply-sent');
    const dialogs = (await api.get('/api/dialogs')).body.data as { id: string; classification: string }[];
    expect(dialogs.filter((d) => d.classification === 'interested')).toHaveLength(1);
    // The answer lands in Ann's sandbox mailbox.
    // The thread holds the task's email, Ann's answer and ours; the task counts her reply.
    const thread = (await api.get(`/api/dialogs/${dialogs[0].id}`)).body.messages as { direction: string; subject: string; text: string }[];
    expect(thread.map((m) => [m.direction, m.subject])).toEqual([
      ['out', 'Hi Ann'],
      ['in', 'Re: Hi Ann'],
      ['out', 'Re: Hi Ann'],
    ]);
    expect(thread[2].text).toContain('Our spring pricing starts at 49 EUR a month.');
    expect((await api.get(`/api/tasks/${taskId}`)).body.counters).toMatchObject({ sent: 10, replied: 1 });
    // Back on the task, the person sees the reply counted (the page reads the counters afresh on a visit).
    await nav(p, 'Mailing tasks', 'Spring intro to buyers');
    await p.click('link', 'Spring intro to buyers');
    await waitFor('the task page to count the reply', async () => (await taskCounter(p, 'Replied')) === 1, 200);
    expect(await taskCounter(p, 'Sent')).toBe(10);
    expect(await p.page.$('#actions-heading')).toBeNull(); // a finished task offers no actions, and no empty heading
    await p.check('task-replied');
    // The answer lands in Ann's sandbox mailbox (the outside world's view; the sandbox lists the newest first).
    const annMail = await waitFor('the answer in Ann’s mailbox', async () => ((m) => m.length === 2 && m)(await annInbox()), 100);
    expect(annMail.map((m) => m.subject).sort()).toEqual(['Hi Ann', 'Re: Hi Ann']);
    await p.close();
  });
});
