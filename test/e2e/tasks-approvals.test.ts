import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { mcpClients } from '../support/mcp-client.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { Task } from '../../shared/tasks/entities.js';

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
      expect(await queue()).toEqual({ count: 0, tasks: [], creatives: [], campaigns: [] });

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
});
