import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { mcpClients } from '../support/mcp-client.js';
import { waitFor } from '../support/poll.js';

// Real parts: the embedded runtime (DynamoDB Local, the durable local queue, the send worker),
// Dovecot (IMAP side of the mailbox) and smtp-server (the SMTP sink) on 127.0.0.1. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' } }),
    startDovecot(),
    startSmtpRelay({ rejectRcpt: /^bounce@/ }),
  ]);
  dovecot.addUser('sales@acme.test', 'imap-secret-1');
  relay.users.set('sales@acme.test', 'smtp-secret-1');
}, 120_000);
const mcp = mcpClients(() => ctx.rt.url);
afterAll(async () => {
  await mcp.closeAll();
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

/** A header of a raw message, unfolded (mailparser turns List-* headers into structures). */
export function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

async function setupWorkspace() {
  const { http } = ctx;
  await credit(ctx.rt.deps, ctx.account.tenantId, 10, 'test balance', 'test');
  const acc = await http.post('/api/email-accounts', {
    name: 'Sales',
    email: 'sales@acme.test',
    imapHost: '127.0.0.1',
    imapPort: dovecot.port,
    imapUser: 'sales@acme.test',
    imapPass: 'imap-secret-1',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: 'sales@acme.test',
    smtpPass: 'smtp-secret-1',
  });
  expect(acc.status).toBe(201);
  // The fixture domain has no DNS records: acknowledge, as an owner would after reading checkDns.
  expect((await http.patch(`/api/email-accounts/${acc.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
  expect((await http.put('/api/settings/min-send-interval', { seconds: 0 })).status).toBe(200);
  expect((await http.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
  return acc.body.id as string;
}

async function contactList(people: { firstName: string; email?: string }[]) {
  const { http } = ctx;
  const ids: string[] = [];
  for (const p of people) {
    const r = await http.post('/api/contacts', p);
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  const list = await http.post('/api/contact-lists', { name: `list ${Date.now()}` });
  expect((await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: ids })).status).toBeLessThan(300);
  return { listId: list.body.id as string, ids };
}

describe('mailing task: the agent order over HTTP', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = await setupWorkspace();
  }, 60_000);

  it('account, creative, task, approve, start: one personalised, compliant email per eligible contact', async () => {
    const { http } = ctx;
    const { listId, ids } = await contactList([
      { firstName: 'Ann', email: 'ann@buyer.test' },
      { firstName: 'Bob', email: 'bob@buyer.test' },
      { firstName: 'Sup', email: 'sup@buyer.test' },
      { firstName: 'Stop', email: 'stop@stopped.test' },
      { firstName: 'Bounce', email: 'bounce@buyer.test' },
      { firstName: 'Nomail' },
      { firstName: 'Bobby', email: 'Bob@Buyer.test' }, // the same address as Bob: one email, not two
    ]);
    expect((await http.post('/api/suppression', { email: 'sup@buyer.test', source: 'manual' })).status).toBe(201);
    expect((await http.post('/api/stop-list', { domain: 'stopped.test' })).status).toBe(201);
    const creative = await http.post('/api/creatives', {
      name: 'Intro',
      subject: '{Hello|Hi} {{firstName}}',
      bodyHtml: '<p>{Hello|Hi} {{firstName}}, read <a href="https://example.com/offer">our offer</a>.</p>',
    });
    expect(creative.status).toBe(201);

    // Without the compliance footer's address, start is refused naming the setting.
    const task = await http.post('/api/tasks', { methodId: 2, description: 'intro', creativeId: creative.body.id, accountId, contactListId: listId });
    expect(task.status).toBe(201);
    expect(task.body).toMatchObject({ status: 'DRAFT', approvalStatus: 'PENDING', methodId: 2 });
    const notApproved = await http.post(`/api/tasks/${task.body.id}/start`);
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.code).toBe('not_approved');
    const approved = await http.post(`/api/mailing/${task.body.id}/approve`, { note: 'looks right' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approvalStatus: 'APPROVED', approval: { note: 'looks right', creativeVersion: 1, by: { kind: 'key' } } });
    const noAddress = await http.post(`/api/tasks/${task.body.id}/start`);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body).toMatchObject({ code: 'physical_address_missing', setting: 'companyProfile' });
    expect(
      (await http.put('/api/settings/company-profile', { companyName: 'Acme GmbH', physicalAddress: '1 Main Street, Springfield', senderName: 'Sam Sales' }))
        .status,
    ).toBe(200);

    const started = await http.post(`/api/tasks/${task.body.id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('ACTIVE');
    const done = await waitFor('task completion', async () => {
      const t = await http.get(`/api/tasks/${task.body.id}`);
      return t.body.status === 'COMPLETED' && t.body;
    }).catch(async (e) => {
      throw new Error(
        `${e.message}: ${JSON.stringify((await http.get(`/api/tasks/${task.body.id}`)).body)} ${JSON.stringify((await http.get(`/api/tasks/${task.body.id}/items`)).body)}`,
      );
    });
    expect(done.counters).toMatchObject({ total: 7, sent: 2, bounced: 1, skipped: 4, queued: 0 });

    const toBuyers = relay.messages.filter((m) => m.to.some((t) => t.endsWith('@buyer.test') || t.endsWith('@stopped.test')));
    expect(toBuyers.map((m) => m.to[0]).sort()).toEqual(['ann@buyer.test', 'bob@buyer.test']);
    for (const m of toBuyers) {
      const p = await simpleParser(m.raw);
      const name = m.to[0] === 'ann@buyer.test' ? 'Ann' : 'Bob';
      expect(p.subject).toMatch(new RegExp(`^(Hello|Hi) ${name}$`));
      expect(p.html).toContain(name);
      expect(header(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(m.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/u\/[^>]+>, <mailto:sales@acme\.test\?subject=unsubscribe>$/);
      expect(p.html).toContain('1 Main Street, Springfield');
      expect(p.html).toContain('Sam Sales, Acme GmbH');
      expect(p.text).toContain('Unsubscribe: http');
      expect(p.messageId).toMatch(/@acme\.test>?$/);
      expect(p.html).not.toContain('href="https://example.com/offer"'); // tracked through the click redirect
    }

    const skipped = await http.get(`/api/tasks/${task.body.id}/items?status=SKIPPED`);
    const reasons = Object.fromEntries(skipped.body.data.map((i: { contactId: string; reason: string }) => [i.contactId, i.reason]));
    expect(reasons).toEqual({ [ids[2]]: 'suppressed', [ids[3]]: 'stop_listed', [ids[5]]: 'no_email_channel', [ids[6]]: 'already_contacted' });
    const bySuppressed = await http.get(`/api/tasks/${task.body.id}/items?reason=suppressed`);
    expect(bySuppressed.body.data.map((i: { email: string }) => i.email)).toEqual(['sup@buyer.test']);
    const bounced = await http.get(`/api/tasks/${task.body.id}/items?status=BOUNCED`);
    expect(bounced.body.data[0]).toMatchObject({ email: 'bounce@buyer.test', reason: 'hard_bounce', smtp: { outcome: 'rejected', code: 550 } });
    expect((await http.get('/api/suppression/check?email=bounce@buyer.test')).body).toMatchObject({ suppressed: true, suppression: { source: 'bounce' } });
    const sent = await http.get(`/api/tasks/${task.body.id}/items?status=SENT`);
    expect(sent.body.data.every((i: { messageId: string }) => /@acme\.test>$/.test(i.messageId))).toBe(true);
    // The deliverability matrix counts the task's sends per recipient provider (buyer.test has no MX: other).
    const matrix = await http.get('/api/deliverability/matrix');
    const row = matrix.body.rows.find((r: { accountId: string }) => r.accountId === accountId);
    expect(row.providers.other).toMatchObject({ sent: 3, delivered: 2, bounced: 1 });

    // One-click unsubscribe (RFC 8058): POST to the List-Unsubscribe URL suppresses at once; repeatable.
    const ann = await simpleParser(toBuyers.find((m) => m.to[0] === 'ann@buyer.test')!.raw);
    const url = header(toBuyers.find((m) => m.to[0] === 'ann@buyer.test')!.raw, 'List-Unsubscribe').match(/^<([^>]+)>/)![1];
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ann@buyer.test');
    expect((await http.get('/api/suppression/check?email=ann@buyer.test')).body.suppressed).toBe(false);
    for (let i = 0; i < 2; i++) {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(r.status).toBe(200);
    }
    expect((await http.get('/api/suppression/check?email=ann@buyer.test')).body).toMatchObject({ suppressed: true, suppression: { source: 'unsubscribe' } });
    const forged = await fetch(
      url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      { method: 'POST', body: '' },
    );
    expect(forged.status).toBe(404);

    // Open pixel and click redirect: signed, counted total and unique.
    const pixel = String(ann.html).match(/<img src="([^"]+\/t\/o\/[^"]+)"/)![1];
    const click = String(ann.html).match(/href="([^"]+\/t\/c\/[^"]+)"/)![1];
    for (let i = 0; i < 2; i++) {
      const img = await fetch(pixel);
      expect(img.headers.get('content-type')).toBe('image/gif');
      expect(
        Buffer.from(await img.arrayBuffer())
          .subarray(0, 6)
          .toString(),
      ).toBe('GIF89a');
      const r = await fetch(click, { redirect: 'manual' });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('https://example.com/offer');
    }
    const after = await http.get(`/api/tasks/${task.body.id}`);
    expect(after.body.counters).toMatchObject({ opens: 2, uniqueOpens: 1, clicks: 2, uniqueClicks: 1, unsubscribed: 1 });
    expect((await fetch(click.replace('/t/c/', '/t/c/x'), { redirect: 'manual' })).status).toBe(404);
  }, 60_000);

  it('a second task within the re-contact period skips the addresses the first one mailed, and mails the rest', async () => {
    const { http } = ctx;
    // bob@buyer.test was mailed by the first case; dee is new. One build chunk claims both markers at once.
    await http.put('/api/settings/company-profile', { companyName: 'Acme GmbH', physicalAddress: '1 Main Street, Springfield', senderName: 'Sam Sales' });
    const { listId, ids } = await contactList([
      { firstName: 'Bob again', email: 'bob@buyer.test' },
      { firstName: 'Dee', email: 'dee@buyer.test' },
    ]);
    const creative = await http.post('/api/creatives', { name: 'Again', subject: 'Hi {{firstName}}', bodyHtml: '<p>again</p>' });
    const task = await http.post('/api/tasks', { methodId: 2, description: 'again', creativeId: creative.body.id, accountId, contactListId: listId });
    await http.post(`/api/mailing/${task.body.id}/approve`, { note: 'ok' });
    expect((await http.post(`/api/tasks/${task.body.id}/start`)).status).toBe(200);
    const done = await waitFor('second task completion', async () => {
      const t = await http.get(`/api/tasks/${task.body.id}`);
      return t.body.status === 'COMPLETED' && t.body;
    });
    expect(done.counters).toMatchObject({ total: 2, sent: 1, skipped: 1 });
    const skipped = (await http.get(`/api/tasks/${task.body.id}/items?status=SKIPPED`)).body.data;
    expect(skipped.map((i: { contactId: string; reason: string }) => [i.contactId, i.reason])).toEqual([[ids[0], 'already_contacted']]);
    expect(relay.messages.filter((m) => m.to.includes('dee@buyer.test'))).toHaveLength(1);
  });

  it('a creative edited after approval: the approval is stale, start is refused and approval reset', async () => {
    const { http } = ctx;
    const { listId } = await contactList([{ firstName: 'Cy', email: 'cy@drift.test' }]);
    const creative = await http.post('/api/creatives', { name: 'Drift', subject: 'Hi {{firstName}}', bodyHtml: '<p>v1</p>' });
    const task = await http.post('/api/tasks', { methodId: 2, description: 'drift', creativeId: creative.body.id, accountId, contactListId: listId });
    await http.post(`/api/mailing/${task.body.id}/approve`, { note: 'ok' });
    expect((await http.patch(`/api/creatives/${creative.body.id}`, { bodyHtml: '<p>v2</p>' })).status).toBe(200);
    // Reads show the reset at once, before any start tries.
    expect((await http.get(`/api/tasks/${task.body.id}`)).body).toMatchObject({ approvalStatus: 'PENDING', approvalResetReason: 'creative_changed' });
    const r = await http.post(`/api/tasks/${task.body.id}/start`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'approval_stale', approvedVersion: 1, currentVersion: 2 });
    expect((await http.get(`/api/tasks/${task.body.id}`)).body).toMatchObject({ status: 'DRAFT', approvalStatus: 'PENDING' });
  });

  it('validation: strict body, required mailing fields, unknown method, unknown references', async () => {
    const { http } = ctx;
    expect((await http.post('/api/tasks', { methodId: 2, bogus: 1 })).body).toMatchObject({ statusCode: 400, message: ['property bogus should not exist'] });
    const missing = await http.post('/api/tasks', { methodId: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('creativeId is required for methodId 2');
    expect((await http.post('/api/tasks', { methodId: 7 })).status).toBe(400);
    const scoring = await http.post('/api/tasks', { methodId: 22 });
    expect(scoring.status).toBe(400);
    expect(scoring.body.message).toContain('companyListId is required for methodId 22');
    expect((await http.post('/api/tasks', { methodId: 22, creativeId: 'x', companyListId: 'y' })).body.message).toContain(
      'creativeId is not used by methodId 22',
    );
    expect((await http.post('/api/tasks', { methodId: 2, description: 'x', creativeId: 'nope', accountId, contactListId: 'nope' })).status).toBe(404);
    expect((await http.get('/api/tasks/nope')).status).toBe(404);
  });

  it('the same agent order over MCP: creative, task, approve, start → the email arrives', async () => {
    const { http } = ctx;
    const { listId } = await contactList([{ firstName: 'Mia', email: 'mia@mcp-buyer.test' }]);
    const c = await mcp.connect({ authorization: `Bearer ${ctx.account.apiKey}`, 'x-tenant-id': ctx.account.tenantId }, '?toolsets=all');
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await c.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: any; content?: any };
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      return r.structuredContent;
    };
    const creative = await call('svc_creatives_create', { body: { name: 'MCP', subject: '{Hey|Hello} {{firstName}}', bodyHtml: '<p>Dear {{firstName}}</p>' } });
    const task = await call('svc_tasks_create', { body: { methodId: 2, description: 'mcp run', creativeId: creative.id, accountId, contactListId: listId } });
    expect(task).toMatchObject({ status: 'DRAFT', approvalStatus: 'PENDING' });
    expect(task._expert.next).toMatch(/MailingController_approve/);
    const approved = await call('svc_MailingController_approve', { taskId: task.id, body: { note: 'agent approves its own task' } });
    expect(approved._expert.next).toMatch(/tasks_start/);
    const started = await call('svc_tasks_start', { id: task.id });
    expect(started.status).toBe('ACTIVE');
    await waitFor('the MCP task to complete', async () => (await http.get(`/api/tasks/${task.id}`)).body.status === 'COMPLETED');
    const got = relay.messages.filter((m) => m.to.includes('mia@mcp-buyer.test'));
    expect(got).toHaveLength(1);
    expect(got[0].subject).toMatch(/^(Hey|Hello) Mia$/);
  }, 60_000);
});
