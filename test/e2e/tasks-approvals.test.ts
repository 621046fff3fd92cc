import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount, otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { PRICES, toAmount } from '../../shared/workspace/billing/prices.js';
import { mcpClients } from '../support/mcp-client.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { Task } from '../../shared/mailing/tasks/entities.js';

// The approvals queue over HTTP and MCP (mailing_approvals_list, mailing_reject): what waits, who
// prepared it (the key's name, the channel), the creative's approved text after an edit reset the
// approval, and what leaves the queue (approve, reject, cancel). Real runtime, DynamoDB Local, nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
const mcp = mcpClients(() => ctx.rt.url);

beforeAll(async () => {
  ctx = await startTenantRuntime();
}, 120_000);
afterAll(async () => {
  await mcp.closeAll();
  await ctx?.rt.stop();
});

type Tool = { structuredContent?: Record<string, any>; isError?: boolean; content?: { text: string }[] };

describe('approvals queue', () => {
  it(
    'lists what an agent prepared with its key name, diffs an edit since approval, and drops approved, rejected and cancelled tasks',
    { timeout: 120_000 },
    async () => {
      const { http } = ctx;
      const queue = async () => (await http.get('/api/mailing/approvals')).body;
      expect(await queue()).toEqual({ count: 0, tasks: [], creatives: [], campaigns: [], heldCampaigns: [], heldCampaignsTruncated: false });

      // Set up by the owner: a sandbox mailbox and a list with one contact.
      const box = await http.post('/api/email-accounts', await sandboxMailbox(ctx.rt.url, 'me@sandbox.test', 'Me'));
      expect(box.status).toBe(201);
      const contact = await http.post('/api/contacts', { firstName: 'Ann', email: 'ann@sandbox.test' });
      const list = await http.post('/api/contact-lists', { name: 'Buyers' });
      await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: [contact.body.id] });

      // The agent's own named key, over MCP: a creative and two tasks.
      const key = await http.post('/api/keys', { name: 'Outreach agent', scopes: ['creatives:write', 'creatives:read', 'tasks:write', 'tasks:read'] });
      expect(key.status).toBe(201);
      const agent = await mcp.connect({ authorization: `Bearer ${key.body.key}` }, '?toolsets=all');
      const call = async (name: string, args: Record<string, unknown>) => {
        const r = (await agent.callTool({ name, arguments: args })) as Tool;
        expect(r.isError, r.content?.[0]?.text).toBeFalsy();
        return r.structuredContent!;
      };
      const creative = await call('svc_creatives_create', {
        body: { name: 'Intro', subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}},</p><p>Old offer.</p>' },
      });
      const task = await call('svc_tasks_create', {
        body: { methodId: 2, description: 'Agent intro', creativeId: creative.id, accountId: box.body.id, contactListId: list.body.id },
      });
      const second = await call('svc_tasks_create', {
        body: { methodId: 2, description: 'Agent follow-up', creativeId: creative.id, accountId: box.body.id, contactListId: list.body.id },
      });

      let q = await queue();
      expect(q.count).toBe(2);
      expect(q.tasks.map((t: any) => t.description)).toEqual(['Agent follow-up', 'Agent intro']); // newest first
      expect(q.tasks[1]).toMatchObject({
        id: task.id,
        status: 'DRAFT',
        creativeName: 'Intro',
        createdBy: { kind: 'key', keyName: 'Outreach agent', keyId: key.body.id, channel: 'mcp' },
        drift: null,
      });
      expect(JSON.stringify(q)).not.toContain(key.body.key); // never a secret
      // The agent reads the same queue as a tool (tasks:read).
      expect((await call('svc_mailing_approvals_list', {})).count).toBe(2);
      // Another workspace sees none of it.
      expect((await (await otherTenantClient(ctx.rt)).get('/api/mailing/approvals')).body.count).toBe(0);

      // A person approves the first: it leaves the queue. An edit of its creative brings it back, with both texts.
      expect((await http.post(`/api/mailing/${task.id}/approve`, { note: 'fine' })).status).toBe(200);
      expect((await queue()).tasks.map((t: any) => t.id)).toEqual([second.id]);
      expect((await http.patch(`/api/creatives/${creative.id}`, { bodyHtml: '<p>Hi {{firstName}},</p><p>New offer.</p>' })).status).toBe(200);
      q = await queue();
      const drifted = q.tasks.find((t: any) => t.id === task.id);
      expect(drifted).toMatchObject({
        approvalResetReason: 'creative_changed',
        lastApproval: { note: 'fine', by: { kind: 'key' } },
        drift: {
          approvedVersion: 1,
          currentVersion: 2,
          approved: { subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}},</p><p>Old offer.</p>' },
          current: { subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}},</p><p>New offer.</p>' },
        },
      });

      // Reject: a note is required; the task is cancelled with the rejection recorded and leaves the queue.
      const noNote = await http.post(`/api/mailing/${second.id}/reject`, {});
      expect(noNote.status).toBe(400);
      expect(noNote.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^note/)]));
      const rejected = await http.post(`/api/mailing/${second.id}/reject`, { note: 'Wrong list' });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'CANCELLED', rejection: { note: 'Wrong list', by: { kind: 'key' }, creativeVersion: 2 } });
      expect((await http.post(`/api/mailing/${second.id}/reject`, { note: 'Wrong list' })).body.status).toBe('CANCELLED'); // a repeat is harmless
      expect((await http.post(`/api/tasks/${second.id}/start`)).status).toBe(409);

      // An approved task is not rejected (cancel it instead); a cancelled one leaves the queue.
      expect((await http.post(`/api/mailing/${task.id}/approve`, { note: 'new text is fine' })).status).toBe(200);
      const notPending = await http.post(`/api/mailing/${task.id}/reject`, { note: 'too late' });
      expect(notPending.status).toBe(409);
      expect(notPending.body.code).toBe('task_not_rejectable');
      expect((await queue()).count).toBe(0);
      const third = await http.post('/api/tasks', {
        methodId: 2,
        description: 'Owner task',
        creativeId: creative.id,
        accountId: box.body.id,
        contactListId: list.body.id,
      });
      expect((await queue()).tasks[0]).toMatchObject({ id: third.body.id, createdBy: { kind: 'key', channel: 'http' } });
      // The queue's index holds open tasks only: cancelled and rejected ones left it (the stored item, not just the answer).
      const stored = (taskId: string) => ctx.rt.deps.tenantTable(ctx.account.tenantId).get<Record<string, unknown>>(Task.key({ taskId }));
      expect((await stored(third.body.id))?.gsi3pk).toBe('TASKREVIEW');
      expect((await http.post(`/api/tasks/${third.body.id}/cancel`)).status).toBe(200);
      expect((await queue()).count).toBe(0);
      expect(await stored(third.body.id)).not.toHaveProperty('gsi3pk');
      expect(await stored(second.id)).not.toHaveProperty('gsi3pk');

      // A channel creative waits for moderation until an admin decides.
      const channel = await call('svc_creatives_create', { body: { name: 'LinkedIn note', type: 'LINKEDIN', bodyHtml: 'Hello there' } });
      q = await queue();
      expect(q.creatives).toEqual([
        expect.objectContaining({ id: channel.id, type: 'LINKEDIN', createdBy: expect.objectContaining({ keyName: 'Outreach agent' }) }),
      ]);
      expect(q.count).toBe(1);
    },
  );

  it(
    'lists a prepared campaign held by a failing send gate with its gates (HTTP and MCP), never another workspace’s, and drops it once the gates pass',
    { timeout: 120_000 },
    async () => {
      // Two fresh workspaces, each with one BYOC campaign prepared: a recipient READY (its audit paid with
      // exactly the audit's price, so the balance is then empty), no mailbox, no company profile.
      const prepared = async (name: string) => {
        const account = await createApprovedAccount(ctx.rt.deps);
        const http = client(ctx.rt.url, { key: account.apiKey });
        await credit(ctx.rt.deps, account.tenantId, toAmount(PRICES.audit.unitMicros), 'one audit', 'test');
        const contact = await http.post('/api/contacts', { firstName: 'Ann', email: `ann@${name.toLowerCase()}-buyer.test` });
        const list = await http.post('/api/contact-lists', { name: 'Buyers' });
        await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: [contact.body.id] });
        const campaign = await http.post('/api/campaigns', { name, renderMode: 'BYOC' });
        expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
        expect((await http.post(`/api/campaigns/${campaign.body.id}/pour`, { listId: list.body.id })).body.added).toBe(1);
        expect((await http.post(`/api/campaigns/${campaign.body.id}/screen`)).body.screened).toBe(1);
        const html = '<p>Hello Ann,</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p><p>Best, Sam</p>';
        const rendered = await http.post(`/api/campaigns/${campaign.body.id}/rendered-emails`, {
          emails: [{ contactId: contact.body.id, subject: 'Quick question, Ann', html }],
        });
        expect(rendered.body, JSON.stringify(rendered.body)).toMatchObject({ accepted: 1 });
        // A campaign with nothing prepared yet is not held by anything: it is never listed.
        expect((await http.post('/api/campaigns', { name: `${name} (empty)`, renderMode: 'BYOC' })).status).toBe(201);
        return { account, http, campaignId: campaign.body.id as string };
      };
      const mine = await prepared('Spring');
      const theirs = await prepared('Rival');

      const q = (await mine.http.get('/api/mailing/approvals')).body;
      expect(q.heldCampaigns).toEqual([
        expect.objectContaining({
          id: mine.campaignId,
          name: 'Spring',
          status: 'DRAFT',
          ready: 1,
          blockers: [
            { gate: 'sender', reasonCode: 'no_sender_account' },
            { gate: 'balance', reasonCode: 'insufficient_balance' },
            { gate: 'compliance_footer', reasonCode: 'physical_address_missing' },
          ],
          createdBy: expect.objectContaining({ kind: 'key' }),
        }),
      ]);
      expect(q.count).toBe(1); // a held campaign waits for a person: the badge counts it
      // The same as sendReadiness says: the queue evaluates the same gates.
      expect((await mine.http.get(`/api/campaigns/${mine.campaignId}/send-readiness`)).body.blockers).toEqual([
        'no_sender_account',
        'insufficient_balance',
        'physical_address_missing',
      ]);
      // The other workspace sees its own campaign only, over MCP too.
      expect((await theirs.http.get('/api/mailing/approvals')).body.heldCampaigns.map((c: { id: string }) => c.id)).toEqual([theirs.campaignId]);
      const agent = await mcp.connect({ authorization: `Bearer ${mine.account.apiKey}` }, '?toolsets=all');
      const tool = (await agent.callTool({ name: 'svc_mailing_approvals_list', arguments: {} })) as Tool;
      expect(tool.isError, tool.content?.[0]?.text).toBeFalsy();
      expect(tool.structuredContent!.heldCampaigns.map((c: { id: string; blockers: unknown[] }) => [c.id, c.blockers.length])).toEqual([[mine.campaignId, 3]]);
      expect(JSON.stringify(tool.structuredContent)).not.toContain(theirs.campaignId);

      // The person deals with the gates: a mailbox that can send, a balance, the footer's address. The campaign leaves the queue.
      const box = await mine.http.post('/api/email-accounts', await sandboxMailbox(ctx.rt.url, 'sales@spring.test', 'Sales'));
      expect(box.status).toBe(201);
      expect((await mine.http.patch(`/api/email-accounts/${box.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
      await credit(ctx.rt.deps, mine.account.tenantId, 1, 'top-up', 'test');
      expect((await mine.http.get('/api/mailing/approvals')).body.heldCampaigns[0].blockers).toEqual([
        { gate: 'compliance_footer', reasonCode: 'physical_address_missing' },
      ]);
      expect((await mine.http.put('/api/settings/company-profile', { companyName: 'Spring Ltd', physicalAddress: '1 Spring Street' })).status).toBe(200);
      expect((await mine.http.get(`/api/campaigns/${mine.campaignId}/send-readiness`)).body.ready).toBe(true);
      expect((await mine.http.get('/api/mailing/approvals')).body).toMatchObject({ count: 0, heldCampaigns: [] });
    },
  );
});
