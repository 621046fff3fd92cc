// Issue 26 item 8 in real Chromium: an agent (the official MCP client, its own named key) prepares a
// mailing task with the local sandbox mailbox, a creative and a list; the person sees it in the approvals
// queue with the agent's key named and the navigation badge at 1, approves it with a note (the badge
// drops to 0), sees the agent's later edit of the creative as a line diff and approves again; the agent
// starts it and the email lands in the sandbox (task COMPLETED). A second task is rejected with a note
// (refused first without one, the message next to the field). A campaign prepared but held by a send gate
// (its mailbox suspended) shows with the gate in words, and its link leads to the campaign's checklist.
// Every page screenshotted and checked with axe, at 1280 px and 390 px; what the page says is checked against the API.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { mcpClients } from '../support/mcp-client.js';
import { waitFor } from '../support/poll.js';
import { client } from '../support/runtime.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { Task } from '../../shared/mailing/tasks/entities.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium, an MCP session and real sends on a shared 2-core machine: bounds, not timing assertions.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
const mcp = mcpClients(() => env.rt.url);
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime({ SEND_SWEEP_MS: '500' }), startBrowser('approvals')])));
afterAll(async () => {
  await mcp.closeAll();
  await run?.close();
  await env?.stop();
});

type Tool = { structuredContent?: Record<string, any>; isError?: boolean; content?: { text: string }[] };

/** The text of the navigation's Approvals link (its badge included), e.g. "Approvals1 waiting". */
const navApprovals = (p: AppPage) => p.page.$eval('nav[aria-label="Main"] a[href$="/approvals"]', (a) => a.textContent ?? '');
const waitForBadge = (p: AppPage, count: number) =>
  p.page.waitForFunction(
    (n: number) => document.querySelector('nav[aria-label="Main"] a[href$="/approvals"] .nav-badge')?.textContent === `${n} waiting`,
    { timeout: 20_000, polling: 100 },
    count,
  );

describe('approvals: what an agent prepared, reviewed by a person', () => {
  it('an agent’s task appears with its key named and the badge at 1; approved with a note it sends; another is rejected with a note', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    await credit(env.rt.deps, account.tenantId, 5, 'test balance', 'test');
    expect((await api.put('/api/settings/company-profile', { companyName: 'Acme Ltd', physicalAddress: '1 Sandbox Street' })).status).toBe(200);
    expect((await api.put('/api/settings/min-send-interval', { seconds: 0 })).status).toBe(200);
    expect((await api.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
    const key = await api.post('/api/keys', {
      name: 'Outreach agent',
      scopes: ['accounts:write', 'accounts:read', 'crm:write', 'crm:read', 'creatives:write', 'creatives:read', 'tasks:write', 'tasks:read'],
    });
    expect(key.status).toBe(201);

    // The agent, over MCP: the sandbox mailbox, a contact in a list, a creative, a mailing task.
    const agent = await mcp.connect({ authorization: `Bearer ${key.body.key}` }, '?toolsets=all');
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await agent.callTool({ name, arguments: args })) as Tool;
      expect(r.isError, `${name}: ${r.content?.[0]?.text}`).toBeFalsy();
      return r.structuredContent!;
    };
    const box = await call('svc_EmailAccountsController_create', { body: await sandboxMailbox(env.rt.url, 'sales@sandbox.test', 'Sales') });
    await call('svc_EmailAccountsController_update', { id: box.id, body: { dnsAcknowledged: true } });
    const ann = await call('svc_contacts_create', { body: { firstName: 'Ann', email: 'ann@sandbox.test' } });
    const list = await call('svc_ContactListsController_create', { body: { name: 'Sandbox buyers' } });
    await call('svc_ContactListsController_addContacts', { id: list.id, body: { contactIds: [ann.id] } });
    const creative = await call('svc_creatives_create', {
      body: { name: 'Intro', subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}},</p><p>Our spring offer.</p>' },
    });
    const task = await call('svc_tasks_create', {
      body: { methodId: 2, description: 'Agent intro', creativeId: creative.id, accountId: box.id, contactListId: list.id },
    });
    expect(task).toMatchObject({ status: 'DRAFT', approvalStatus: 'PENDING' });

    // The person: the queue shows the task, who prepared it, and the badge counts it.
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/approvals');
    let text = await p.waitForText('Agent intro');
    expect(text).toContain('Mailing tasks awaiting approval (1)');
    expect(text).toContain('the key “Outreach agent” over MCP');
    await waitForBadge(p, 1);
    expect(await navApprovals(p)).toBe('Approvals1 waiting');
    await p.check('approvals-queue');

    await p.fill('Note on “Agent intro”', 'Copy checked, go ahead');
    await p.click('button', 'Approve');
    await p.waitForText('Approved “Agent intro”');
    await waitForBadge(p, 0);
    await p.waitForText('Nothing waits for approval.');
    const approved = (await api.get(`/api/tasks/${task.id}`)).body;
    expect(approved).toMatchObject({ approvalStatus: 'APPROVED', approval: { note: 'Copy checked, go ahead', creativeVersion: 1, by: { kind: 'session' } } });
    await p.check('approvals-empty');

    // The agent edits the creative: the approval is reset, and the queue shows what changed, in words and signs.
    await call('svc_creatives_update', { id: creative.id, body: { bodyHtml: '<p>Hi {{firstName}},</p><p>Our summer offer.</p>' } });
    await p.goto(`${env.rt.url}/app/approvals`);
    text = await p.waitForText('Approval reset');
    expect(text).toContain('version 1 approved, version 2 now');
    expect(text).toMatch(/− removed\s+<p>Our spring offer\.<\/p>/);
    expect(text).toMatch(/\+ added\s+<p>Our summer offer\.<\/p>/);
    expect(text).toContain('Subject: unchanged');
    await waitForBadge(p, 1);
    await p.check('approvals-drift');
    await p.fill('Note on “Agent intro”', 'Summer copy is fine');
    await p.click('button', 'Approve');
    await p.waitForText('Approved “Agent intro”');
    await waitForBadge(p, 0);

    // The agent starts it: the email is sent to the sandbox and the task completes.
    expect((await call('svc_tasks_start', { id: task.id })).status).toBe('ACTIVE');
    const done = await waitFor(
      'the task to complete',
      async () => {
        const t = (await api.get(`/api/tasks/${task.id}`)).body;
        return ['COMPLETED', 'FAILED'].includes(t.status) && t;
      },
      600,
    );
    expect(done).toMatchObject({ status: 'COMPLETED', counters: { sent: 1, total: 1 } });
    // A completed task left the queue's index of open tasks (so the badge's query never reads the task history).
    expect(await env.rt.deps.tenantTable(account.tenantId).get(Task.key({ taskId: task.id }))).not.toHaveProperty('gsi3pk');
    const inbox = (await client(env.rt.url).get('/_local/mailbox?address=ann@sandbox.test')).body.mailboxes[0].messages;
    expect(inbox.map((m: { subject: string }) => m.subject)).toEqual(['Hello Ann']);

    // A second task is rejected: without a note the API's message sits next to the field; with one it is cancelled.
    const second = await call('svc_tasks_create', {
      body: { methodId: 2, description: 'Agent follow-up', creativeId: creative.id, accountId: box.id, contactListId: list.id },
    });
    await p.goto(`${env.rt.url}/app/approvals`);
    await p.waitForText('Agent follow-up');
    await waitForBadge(p, 1);
    await p.page.setViewport({ width: 390, height: 844 });
    // The navigation collapses behind its button; the count stays in the header as a link to the queue.
    expect(await p.page.$eval('header a.header-badge-link', (a) => [a.textContent, a.getAttribute('href')])).toEqual([
      'Approvals: 1 waiting',
      '/app/approvals',
    ]);
    await p.check('approvals-390');
    await p.click('button', 'Reject');
    await p.waitForText(/note must (contain|be longer)/);
    const noteField = await p.byLabel('Note on “Agent follow-up”');
    expect(await noteField.evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    expect((await api.get(`/api/tasks/${second.id}`)).body.status).toBe('DRAFT'); // nothing changed
    await p.check('approvals-reject-error-390');
    await p.fill('Note on “Agent follow-up”', 'Ann was already contacted');
    await p.click('button', 'Reject');
    await p.waitForText('Rejected “Agent follow-up”');
    expect((await api.get(`/api/tasks/${second.id}`)).body).toMatchObject({
      status: 'CANCELLED',
      rejection: { note: 'Ann was already contacted', by: { kind: 'session' } },
    });
    expect((await api.get('/api/mailing/approvals')).body.count).toBe(0);
    await p.page.setViewport({ width: 1280, height: 900 });
    await waitForBadge(p, 0);
    await p.check('approvals-after-reject');

    // A campaign prepared over the API (one READY email) but held by a gate: its mailbox is suspended.
    // The queue names the gate in words and counts it; its link leads to the campaign's readiness checklist.
    const bea = (await api.post('/api/contacts', { firstName: 'Bea', email: 'bea@autumn-buyer.test' })).body;
    const beaList = (await api.post('/api/contact-lists', { name: 'Autumn buyers' })).body;
    await api.post(`/api/contact-lists/${beaList.id}/contacts`, { contactIds: [bea.id] });
    const campaign = (await api.post('/api/campaigns', { name: 'Autumn launch', renderMode: 'BYOC' })).body;
    expect((await api.post(`/api/campaigns/${campaign.id}/pour`, { listId: beaList.id })).body.added).toBe(1);
    expect((await api.post(`/api/campaigns/${campaign.id}/screen`)).body.screened).toBe(1);
    const html = '<p>Hello Bea,</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p><p>Best, Sam</p>';
    const rendered = await api.post(`/api/campaigns/${campaign.id}/rendered-emails`, { emails: [{ contactId: bea.id, subject: 'Quick question, Bea', html }] });
    expect(rendered.body).toMatchObject({ accepted: 1 });
    expect((await api.post(`/api/email-accounts/${box.id}/suspend`, { reason: 'checking the relay' })).status).toBe(200);
    expect((await api.get(`/api/campaigns/${campaign.id}/send-readiness`)).body.blockers).toEqual(['sender_suspended']);
    await p.goto(`${env.rt.url}/app/approvals`);
    text = await p.waitForText('Campaigns held by a send gate (1)');
    expect(text).toMatch(/Autumn launch: 1 recipient ready, not sent because:\s*the mailbox is suspended/);
    await waitForBadge(p, 1);
    await p.check('approvals-held-campaign');
    await p.click('link', 'Autumn launch');
    await p.waitForLocation((at) => at === `/app/campaigns/${campaign.id}`);
    text = await p.waitForText('Not ready: 1 gate blocking');
    expect(text).toContain('the mailbox is suspended');
  });
});
