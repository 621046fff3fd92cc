// Issue 26 item 4 in real Chromium: with a sandbox mailbox (the runtime's local mail sandbox), a creative
// and a list of 50 contacts set up over the API, a person creates a mailing task in the wizard, sees the
// guardrail preview (how many would be skipped and why), tries to start it before approving (the 409 in
// words), approves it with a note, starts it, and watches the progress reach COMPLETED without a reload,
// the sends-per-minute plot's numbers filling in. What the pages show is checked against the API
// (tasks_get, tasks_send_series, tasks_guardrails_preview); every page is screenshotted and checked with axe.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { plottedSends, taskCounter as counter, taskStateLine as stateLine } from '../support/task-page.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { waitFor } from '../support/poll.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium, 46 paced sends and axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime({ SEND_SWEEP_MS: '1000' }), startBrowser('tasks')])));
afterAll(async () => (await run?.close(), await env?.stop()));

const pause = (ms: number) => () => new Promise((r) => setTimeout(r, ms));
/** The rows of the guardrail preview's "Skipped, by reason" table. */
const skipRows = (p: AppPage) =>
  p.page.$$eval('.guardrails tbody tr', (rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent ?? '')));

async function setUp(account: Awaited<ReturnType<typeof activeAccount>>) {
  const api = client(env.rt.url, { key: account.apiKey });
  const admin = client(env.rt.url, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  const mail = (await client(env.rt.url).get('/_local/mailbox')).body as { smtp: { port: number }; imap: { port: number } };
  expect((await admin.post(`/admin/api/tenants/${account.tenantId}/credit`, { amount: 10, note: 'Mailing' })).status).toBeLessThan(300);
  const sender = `sales-${account.tenantId.slice(-6)}@sandbox.test`;
  const box = await api.post('/api/email-accounts', {
    name: 'Sales',
    email: sender,
    ...{ smtpHost: '127.0.0.1', smtpPort: mail.smtp.port, smtpUser: sender, smtpPass: 'x' },
    ...{ imapHost: '127.0.0.1', imapPort: mail.imap.port, imapUser: sender, imapPass: 'x' },
  });
  expect(box.status).toBe(201);
  expect((await api.patch(`/api/email-accounts/${box.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
  expect((await api.put('/api/settings/company-profile', { companyName: 'Acme', physicalAddress: '1 Sandbox Street' })).status).toBe(200);
  expect((await api.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
  // One email a second, so that the progress is seen moving (46 sends: about a minute).
  expect((await api.put('/api/settings/min-send-interval', { seconds: 1 })).status).toBe(200);
  const creative = await api.post('/api/creatives', {
    name: 'Spring intro',
    subject: 'Hi {{firstName}}',
    bodyHtml: '<p>Hello {{firstName}}, a short note.</p>',
  });
  expect(creative.status).toBe(201);
  // 50 contacts: 46 to send, 2 suppressed, 1 on a stop-listed domain, 1 without an address.
  const people = Array.from({ length: 50 }, (_, i) =>
    i === 49 ? { firstName: 'Nomail' } : { firstName: `Person${i}`, email: i === 48 ? `p${i}@stopped.test` : `p${i}@buyer-${i % 5}.test` },
  );
  const ids: string[] = [];
  for (let i = 0; i < people.length; i += 10) {
    const made = await Promise.all(people.slice(i, i + 10).map((b) => api.post('/api/contacts', b)));
    for (const r of made) (expect(r.status).toBe(201), ids.push(r.body.id));
  }
  for (const email of ['p0@buyer-0.test', 'p1@buyer-1.test']) expect((await api.post('/api/suppression', { email, source: 'manual' })).status).toBe(201);
  expect((await api.post('/api/stop-list', { domain: 'stopped.test' })).status).toBe(201);
  const list = await api.post('/api/contact-lists', { name: 'Spring buyers' });
  expect((await api.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: ids })).status).toBeLessThan(300);
  return { api, listId: list.body.id as string };
}

describe('mailing tasks', () => {
  it('a person creates a task in the wizard, sees the guardrail preview, approves, starts and watches it complete with the sends plotted', async () => {
    const account = await activeAccount(env, 'Spring Mailing Co');
    const { api, listId } = await setUp(account);

    // The operation behind the preview, over the API (and its 400 and 404).
    const preview = await api.post('/api/tasks/guardrails-preview', { contactListId: listId });
    expect(preview.body).toMatchObject({ total: 50, screened: 50, sampled: false, wouldSend: 46, skipped: 4 });
    expect(preview.body.byReason).toMatchObject({ suppressed: 2, stop_listed: 1, no_email_channel: 1, already_contacted: 0 });
    expect((await api.post('/api/tasks/guardrails-preview', { contactListId: 'nope' })).status).toBe(404);
    expect((await api.post('/api/tasks/guardrails-preview', {})).status).toBe(400);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/tasks');
    await p.waitForText('No mailing tasks yet');
    await p.check('tasks-empty');
    await p.click('link', 'New mailing task');
    await p.waitForText('Step 1 of 3');
    await p.choose('Contact list', 'Spring buyers');
    await p.waitForText('46 would be sent');
    const shown = await p.text();
    expect(shown).toContain('4 would be skipped');
    expect(await skipRows(p)).toEqual([
      ['No email address', '1'],
      ['On the suppression list (unsubscribed, bounced or blocked)', '2'],
      ['Domain or company on the stop-list', '1'],
    ]);
    await p.check('task-wizard-preview');
    await p.click('button', 'Next');
    await p.waitForText('Step 2 of 3');
    await p.choose('Creative', 'Spring intro');
    await p.choose('Mailbox that sends', 'Sales');
    await p.check('task-wizard-content');
    await p.click('button', 'Next');
    await p.waitForText('Step 3 of 3');
    await p.fill('Description', 'Spring intro to buyers');
    await p.check('task-wizard-review');
    await p.click('button', 'Create task');
    await p.waitForLocation((l) => /^\/app\/tasks\/[^/]+$/.test(l) && l !== '/app/tasks/new');
    const taskId = decodeURIComponent(p.location().split('/').pop()!);
    await p.waitForText('Waiting for approval');
    expect((await api.get(`/api/tasks/${taskId}`)).body).toMatchObject({ status: 'DRAFT', approvalStatus: 'PENDING', contactListId: listId });

    // Start before approving: the 409 in words, nothing started.
    await p.click('button', 'Start sending');
    await p.waitForText('The task is not approved yet. Approve it first');
    expect((await api.get(`/api/tasks/${taskId}`)).body.status).toBe('DRAFT');
    await p.check('task-start-refused');

    await p.fill('Approval note', 'Copy and list checked');
    await p.click('button', 'Approve');
    await p.waitForText('Copy and list checked');
    expect((await api.get(`/api/tasks/${taskId}`)).body).toMatchObject({ approvalStatus: 'APPROVED', approval: { note: 'Copy and list checked' } });

    // Start; the page follows the sends by itself (no reload): seen part-way, then COMPLETED.
    await p.click('button', 'Start sending');
    await p.waitForText('Send window');
    // Every value the page's Sent counter shows while it stays open (no reload): it must move.
    const seen: number[] = [];
    const sentShown = async () => {
      const sent = await counter(p, 'Sent');
      if (Number.isFinite(sent) && seen[seen.length - 1] !== sent) seen.push(sent);
      return sent;
    };
    await waitFor('the page to show the task part-way', async () => ((n) => n > 0 && n < 46)(await sentShown()), 600, pause(200));
    await p.check('task-sending');
    await waitFor('the page to show COMPLETED', async () => (await sentShown(), (await stateLine(p)).startsWith('Completed')), 400, pause(500));
    const task = (await api.get(`/api/tasks/${taskId}`)).body;
    expect(task).toMatchObject({ status: 'COMPLETED', counters: { total: 50, sent: 46, skipped: 4, bounced: 0, failed: 0 } });
    expect(await counter(p, 'Sent')).toBe(46);
    expect(await counter(p, 'Skipped')).toBe(4);

    // The plot's numbers: the minutes with sends add up to the 46 sent, as the API's series says.
    await p.page.click('figure.plot summary');
    await waitFor('the plot table to hold 46 sends', async () => (await plottedSends(p)).reduce((a, b) => a + b, 0) === 46, 100, pause(200));
    const series = (await api.get(`/api/tasks/${taskId}/send-series`)).body;
    expect(series.data.reduce((n: number, m: { sent: number }) => n + m.sent, 0)).toBe(46);
    expect(series.skippedByReason).toEqual({ suppressed: 2, stop_listed: 1, no_email_channel: 1 });
    // The plot shows the API's minutes (after zero minutes that pad a short series to ten).
    const sends = series.data.map((m: { sent: number }) => m.sent);
    expect(await plottedSends(p)).toEqual([...Array(Math.max(0, 10 - sends.length)).fill(0), ...sends]);
    expect(seen.length).toBeGreaterThan(1); // the counter moved while the page stayed open
    // (The last value seen while polling may precede COMPLETED by one read; the final 46 is checked above on the page.)
    await p.check('task-completed');

    // Previewed again, the list's mailed addresses are now already contacted (the markers are read, not claimed).
    const again = (await api.post('/api/tasks/guardrails-preview', { contactListId: listId })).body;
    expect(again).toMatchObject({ wouldSend: 0, skipped: 50, byReason: { already_contacted: 46, suppressed: 2, stop_listed: 1, no_email_channel: 1 } });

    // A finished task offers no cancel on the page, and the API refuses one (task_final).
    expect(await p.page.$('::-p-aria([name="Cancel the task"][role="button"])')).toBeNull();
    const cancel = await api.post(`/api/tasks/${taskId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('task_final');

    // The list shows it completed; at 390 px too.
    await p.click('link', 'All mailing tasks');
    // The task page's own title is the same text: wait until the list has replaced it.
    await p.waitForLocation((l) => l === '/app/tasks');
    await p.page.waitForFunction(() => !document.querySelector('.task-counters'), { timeout: 20_000 });
    await p.waitForText('Spring intro to buyers');
    expect(await p.page.$$eval('tbody tr', (rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent))).toEqual(['Completed']);
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('tasks-list-390');
    await p.click('link', 'Spring intro to buyers');
    await p.waitForText('Sends per minute');
    await p.check('task-completed-390');
    await p.close();
  });
});
