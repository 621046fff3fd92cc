import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount, startTenantRuntime } from '../support/accounts.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { CLEAN_COPY, contactList, setupSendingWorkspace, waitFor } from './campaigns-fixtures.js';

// Real parts: the embedded runtime (DynamoDB Local, the local queue and send worker, the campaign
// conveyor), Dovecot and smtp-server on 127.0.0.1. Builtin AI. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({
      env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', LOCAL_WORKFLOW_TICK_MS: '250', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    }),
    startDovecot(),
    // 550 for bounce@… (a hard bounce at RCPT): the deliverability counters of the placement advice.
    startSmtpRelay({ rejectRcpt: /^bounce@/ }),
  ]);
  await setupSendingWorkspace(ctx.rt.deps, ctx.http, ctx.account.tenantId, { dovecot, relay, mailbox: 'sales@byoc.test' });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

const SPAM = {
  subject: 'FREE MONEY!!! Act now',
  html: '<p>100% FREE! Click here to claim your prize, act now, limited time, risk-free, guaranteed winner! <a href="https://bit.ly/x">bit.ly</a></p>',
};
const clean = (name: string) => ({
  subject: `Quick question, ${name}`,
  html: `<p>Hello ${name},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p><p>Best, Sam</p>`,
});

async function byocCampaign(http: ReturnType<typeof client>, people: { firstName: string; email: string }[]) {
  const { listId, ids } = await contactList(http, people);
  const c = await http.post('/api/campaigns', { name: `byoc ${randomUUID()}`, renderMode: 'BYOC' });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  expect((await http.post(`/api/campaigns/${c.body.id}/pour`, { listId })).body.added).toBe(people.length);
  expect((await http.post(`/api/campaigns/${c.body.id}/screen`)).body.screened).toBe(people.length);
  return { id: c.body.id as string, ids };
}

const ledgerOps = async (http: ReturnType<typeof client>) =>
  ((await http.get('/api/billing/ledger?pageSize=100')).body.data as { operation?: string; type: string }[])
    .filter((e) => e.type === 'charge')
    .map((e) => e.operation);

describe('BYOC', () => {
  it('a batch with one spammy render: that row is rejected with its auditCategories; only audit and send are billed', async () => {
    const { http } = ctx;
    const opsBefore = (await ledgerOps(http)).length;
    const { id, ids } = await byocCampaign(http, [
      { firstName: 'Ann', email: 'ann@byoc-buyer.test' },
      { firstName: 'Bob', email: 'bob@byoc-buyer.test' },
      { firstName: 'Cy', email: 'cy@byoc-buyer.test' },
    ]);
    const r = await http.post(`/api/campaigns/${id}/rendered-emails`, {
      emails: [
        { contactId: ids[0], ...clean('Ann') },
        { contactId: ids[1], ...SPAM },
        { contactId: ids[2], ...clean('Cy') },
        { contactId: 'not-a-recipient', ...clean('X') },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ accepted: 2, rejected: 1, notAccepted: 1 });
    const rejected = r.body.results.find((x: { contactId: string }) => x.contactId === ids[1]);
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'audit_failed', auditIterations: 1 });
    expect(rejected.auditCategories).toEqual(expect.arrayContaining(['trigger_phrases_en', 'url_shortener']));
    expect((await http.get(`/api/campaigns/${id}/recipients?status=READY`)).body.data).toHaveLength(2);

    // A corrected render for the rejected row passes.
    const fixed = await http.post(`/api/campaigns/${id}/rendered-emails`, { emails: [{ contactId: ids[1], ...clean('Bob') }] });
    expect(fixed.body.results[0]).toMatchObject({ status: 'READY', auditIterations: 2 });

    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 10 })).body).toMatchObject({ queued: 3, status: 'ACTIVE' });
    await waitFor('three BYOC emails', async () => relay.messages.filter((m) => m.to[0]?.endsWith('@byoc-buyer.test')).length === 3);
    const subjects = relay.messages.filter((m) => m.to[0]?.endsWith('@byoc-buyer.test')).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Quick question, Ann', 'Quick question, Bob', 'Quick question, Cy']);
    const ops = (await ledgerOps(http)).slice(0, (await ledgerOps(http)).length - opsBefore);
    expect(new Set(ops)).toEqual(new Set(['audit', 'audit_failed', 'email_send']));
    expect(ops.filter((o) => o === 'audit')).toHaveLength(3);
    expect(ops.filter((o) => o === 'audit_failed')).toHaveLength(1);
    expect(ops).not.toContain('platform_render');
  }, 180_000);

  it('one content-rules call audits the whole submission; a row over the HTML bounds fails it with 400 before anything is billed or moved', async () => {
    const { http, rt } = ctx;
    const { id, ids } = await byocCampaign(http, [
      { firstName: 'Gil', email: 'gil@byoc-bounds.test' },
      { firstName: 'Hal', email: 'hal@byoc-bounds.test' },
      { firstName: 'Ida', email: 'ida@byoc-bounds.test' },
    ]);
    const callables = rt.deps.callables!;
    const calls: string[] = [];
    const call = callables.call.bind(callables);
    callables.call = (name, request) => (calls.push(name), call(name, request));
    try {
      const opsBefore = (await ledgerOps(http)).length;
      const tooDeep = { subject: 'Deep', html: '<div>'.repeat(600) + 'x' };
      const refused = await http.post(`/api/campaigns/${id}/rendered-emails`, {
        emails: [
          { contactId: ids[0], ...clean('Gil') },
          { contactId: ids[1], ...clean('Hal') },
          { contactId: ids[2], ...tooDeep },
        ],
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message.join(' ')).toMatch(/depth|nest/i);
      expect((await ledgerOps(http)).length).toBe(opsBefore);
      expect((await http.get(`/api/campaigns/${id}/recipients?status=SCREENED`)).body.data).toHaveLength(3);

      calls.length = 0;
      const r = await http.post(`/api/campaigns/${id}/rendered-emails`, {
        emails: ids.map((contactId, i) => ({ contactId, ...clean(['Gil', 'Hal', 'Ida'][i]) })),
      });
      expect(r.body).toMatchObject({ accepted: 3, rejected: 0, notAccepted: 0 });
      expect(calls).toEqual(['content_rules']);
    } finally {
      callables.call = call;
    }
  }, 120_000);

  it("a contact twice in one submission: its second row sees the first row's outcome (rejected, then audited again; ready, then not accepted)", async () => {
    const { http } = ctx;
    const { id, ids } = await byocCampaign(http, [
      { firstName: 'Jo', email: 'jo@byoc-twice.test' },
      { firstName: 'Kim', email: 'kim@byoc-twice.test' },
    ]);
    const r = await http.post(`/api/campaigns/${id}/rendered-emails`, {
      emails: [
        { contactId: ids[0], ...SPAM },
        { contactId: ids[0], ...clean('Jo') },
        { contactId: ids[1], ...clean('Kim') },
        { contactId: ids[1], ...clean('Kim') },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results.map((x: { status: string; auditIterations: number }) => [x.status, x.auditIterations])).toEqual([
      ['REJECTED', 1],
      ['READY', 2],
      ['READY', 1],
      ['NOT_ACCEPTED', 1],
    ]);
    expect(r.body.results[3].reason).toBe('recipient_ready');
  }, 120_000);

  it('audit exhaustion: 5 failed iterations per recipient × the recipient count → BLOCKED; further submissions refused', async () => {
    const { http } = ctx;
    const { id, ids } = await byocCampaign(http, [{ firstName: 'Dee', email: 'dee@byoc-blocked.test' }]);
    for (let i = 1; i <= 5; i++) {
      const r = await http.post(`/api/campaigns/${id}/rendered-emails`, { emails: [{ contactId: ids[0], ...SPAM }] });
      expect(r.body.results[0]).toMatchObject({ status: 'REJECTED', auditIterations: i });
    }
    const c = await http.get(`/api/campaigns/${id}`);
    expect(c.body).toMatchObject({ status: 'BLOCKED', primaryBlocker: 'AUDIT_EXHAUSTED', auditIterations: 5 });
    expect((await http.get(`/api/campaigns/${id}/recipients?status=CREATIVE_FAILED`)).body.data[0]).toMatchObject({ failureReason: 'audit_failed' });
    const again = await http.post(`/api/campaigns/${id}/rendered-emails`, { emails: [{ contactId: ids[0], ...clean('Dee') }] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('campaign_blocked');
    expect((await http.get(`/api/campaigns/${id}/send-readiness`)).body.blockers).toContain('campaign_blocked');
    expect((await http.get(`/api/campaigns/${id}/activity`)).body.data[0]).toMatchObject({
      action: 'blocked',
      reason: 'audit_iterations_exhausted',
      actor: { kind: 'system' },
    });

    // Manual moderation (admin console API): the tenant cannot release it; an admin can.
    const admin = client(ctx.rt.url, { key: TEST_ADMIN_TOKEN });
    const path = `/admin/api/tenants/${ctx.account.tenantId}/campaigns/${id}/moderate`;
    expect((await http.post(path, { action: 'release', note: 'reviewed' })).status).toBe(404);
    const released = await admin.post(path, { action: 'release', note: 'reviewed: the copy was fixed' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ status: 'DRAFT', label: 'CAMPAIGN_DRAFT', auditIterations: 0, primaryBlocker: null });
    expect((await admin.post(path, { action: 'release', note: 'again' })).body.code).toBe('campaign_not_blocked');
    expect((await http.get(`/api/campaigns/${id}/activity`)).body.data[0]).toMatchObject({ action: 'moderation_released', actor: { kind: 'platform-admin' } });
  }, 120_000);
});

describe('owner-address test', () => {
  it('sends to the verified owner only, idempotent per requestKey, and leaves the audience and the campaign untouched', async () => {
    const { http, account } = ctx;
    const creative = await http.post('/api/creatives', { name: 'Owner test', ...CLEAN_COPY });
    const { listId } = await contactList(http, [{ firstName: 'Eve', email: 'eve@owner-audience.test' }]);
    const c = await http.post('/api/campaigns', { name: 'owner test', renderMode: 'PLATFORM', creativeIds: [creative.body.id] });
    await http.post(`/api/campaigns/${c.body.id}/pour`, { listId });
    const before = { campaign: (await http.get(`/api/campaigns/${c.body.id}`)).body, contacts: (await http.get('/api/contacts?pageSize=100')).body };
    const requestKey = randomUUID();
    expect((await http.post(`/api/campaigns/${c.body.id}/test-tasks`, { requestKey, email: 'someone@else.test' })).status).toBe(400);
    const t = await http.post(`/api/campaigns/${c.body.id}/test-tasks`, { requestKey });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect(t.body).toMatchObject({ campaignId: c.body.id, to: account.email });
    const sent = await waitFor('the owner test', async () => {
      const s = await http.get(`/api/campaigns/${c.body.id}/test-tasks/${t.body.taskId}`);
      return s.body.decision.reasonCode === 'sent' && s.body;
    });
    expect(sent).toMatchObject({ decision: { reasonCode: 'sent', nextAction: 'CampaignsController_sendReadiness' }, retryAt: null });
    const replay = await http.post(`/api/campaigns/${c.body.id}/test-tasks`, { requestKey });
    expect(replay.body.taskId).toBe(t.body.taskId);
    await new Promise((r) => setTimeout(r, 500));
    const toOwner = relay.messages.filter((m) => m.to.includes(account.email));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].subject).toBe('[TEST] Quick question, there');
    expect(relay.messages.some((m) => m.to.includes('eve@owner-audience.test'))).toBe(false);
    const after = { campaign: (await http.get(`/api/campaigns/${c.body.id}`)).body, contacts: (await http.get('/api/contacts?pageSize=100')).body };
    expect(after.campaign.status).toBe('DRAFT');
    expect(after.campaign.recipients).toEqual(before.campaign.recipients);
    expect(after.contacts.data.map((x: { id: string }) => x.id)).toEqual(before.contacts.data.map((x: { id: string }) => x.id));
    expect((await http.get(`/api/campaigns/${c.body.id}/metrics`)).body.sent).toBe(0);
  }, 120_000);
});

describe('balance spent', () => {
  it('the campaign pauses with insufficient_balance (by the system, in the log) and resumes after a credit', async () => {
    const { rt } = ctx;
    const b = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: b.apiKey });
    // Audits of 3 rows (3 × 0.002) and exactly one send (0.001): the balance runs out at the second send.
    await setupSendingWorkspace(rt.deps, http, b.tenantId, { dovecot, relay, mailbox: 'sales@poor.test' }, { balance: 0.007 });
    const { id, ids } = await byocCampaign(http, [
      { firstName: 'P1', email: 'p1@poor-buyer.test' },
      { firstName: 'P2', email: 'p2@poor-buyer.test' },
      { firstName: 'P3', email: 'p3@poor-buyer.test' },
    ]);
    const sub = await http.post(`/api/campaigns/${id}/rendered-emails`, { emails: ids.map((contactId, i) => ({ contactId, ...clean(`P${i + 1}`) })) });
    expect(sub.body.accepted).toBe(3);
    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 3 })).body.queued).toBe(3);
    const paused = await waitFor('the campaign to pause', async () => {
      const c = await http.get(`/api/campaigns/${id}`);
      return c.body.status === 'PAUSED' && c.body;
    });
    expect(paused.pauseReason).toBe('insufficient_balance');
    const toPoor = () => relay.messages.filter((m) => m.to[0]?.endsWith('@poor-buyer.test'));
    // The one paid send may still be on its way to the sink when the campaign shows PAUSED.
    await waitFor('the one paid email', async () => toPoor().length === 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(toPoor()).toHaveLength(1);
    // GET shows the task's pause at once (computed); the conveyor writes it to the campaign and its log.
    const log = await waitFor('the system pause in the log', async () => {
      const d = (await http.get(`/api/campaigns/${id}/activity`)).body.data;
      return d[0]?.action === 'paused' && d;
    });
    expect(log[0]).toMatchObject({ action: 'paused', reason: 'insufficient_balance', actor: { kind: 'system' } });
    expect((await http.get(`/api/campaigns/${id}/send-readiness`)).body.blockers).toEqual(
      expect.arrayContaining(['campaign_paused:insufficient_balance', 'insufficient_balance']),
    );

    await credit(rt.deps, b.tenantId, 1, 'top-up', 'test');
    const resumed = await http.post(`/api/campaigns/${id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', pauseReason: null, aiRecovery: { reset: 0, reason: 'nothing_to_retry' } });
    await waitFor('the other two emails', async () => toPoor().length === 3);
    expect((await http.get(`/api/campaigns/${id}`)).body.status).toBe('ACTIVE');
  }, 180_000);
});

describe('lifecycle and validation', () => {
  it('receipt for sendWindow, atomic PATCH, strict bodies, 400 messages, 404 for another tenant', async () => {
    const { http, rt } = ctx;
    const creative = await http.post('/api/creatives', { name: 'Lifecycle', ...CLEAN_COPY });
    const body = { name: 'windowed', renderMode: 'PLATFORM', creativeIds: [creative.body.id], sendWindow: { startTime: '08:00', timezone: 'Europe/Berlin' } };
    const noReceipt = await http.post('/api/campaigns', body);
    expect(noReceipt.status).toBe(403);
    expect(noReceipt.body.code).toBe('capability_receipt_required');
    const receipt = async () => (await http.get('/api/v1/agent-guide/campaign-sender-capability')).body.receipt as string;
    const created = await http.post('/api/campaigns', body, { 'X-SDR-Capability-Receipt': await receipt() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.sendWindow).toEqual({ enabled: true, workDays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00', timezone: 'Europe/Berlin' });
    const id = created.body.id;
    const patched = await http.patch(`/api/campaigns/${id}`, { sendWindow: { endTime: '17:00' } }, { 'X-SDR-Capability-Receipt': await receipt() });
    expect(patched.status).toBe(200);
    expect(patched.body.sendWindow).toEqual({ enabled: true, workDays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '17:00', timezone: 'Europe/Berlin' });
    const bad = await http.patch(`/api/campaigns/${id}`, { sendWindow: { startTime: '25:00' } }, { 'X-SDR-Capability-Receipt': await receipt() });
    expect(bad.status).toBe(400);
    expect(Array.isArray(bad.body.message)).toBe(true);
    expect((await http.get(`/api/campaigns/${id}`)).body.sendWindow.endTime).toBe('17:00');
    expect((await http.patch(`/api/campaigns/${id}`, { name: 'renamed' })).body.name).toBe('renamed');
    const readiness = await http.get(`/api/campaigns/${id}/send-readiness`);
    expect(readiness.body.effective.sendWindow).toMatchObject({ source: 'campaign', configured: { startTime: '08:00', endTime: '17:00' } });
    expect(typeof readiness.body.effective.sendWindow.windowOpen).toBe('boolean');

    expect((await http.post('/api/campaigns', { name: 'x', renderMode: 'PLATFORM', creativeIds: [], bogus: 1 })).body).toMatchObject({
      statusCode: 400,
      message: ['property bogus should not exist'],
    });
    expect((await http.post('/api/campaigns', { name: 'x', renderMode: 'PLATFORM' })).status).toBe(400);
    expect((await http.post('/api/campaigns', { name: 'x', renderMode: 'NOPE', creativeIds: [] })).status).toBe(400);
    expect((await http.post(`/api/campaigns/${id}/pour`, { listId: 'a', allContacts: true })).status).toBe(400);
    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 0 })).status).toBe(400);
    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 1 })).body).toMatchObject({ code: 'send_gates_failed', blockers: ['no_ready_recipients'] });
    expect((await http.post(`/api/campaigns/${id}/pause`)).status).toBe(409);

    const other = client(rt.url, { key: (await createApprovedAccount(rt.deps)).apiKey });
    for (const path of ['', '/metrics', '/activity', '/geo-risk', '/send-readiness', '/operational-status'])
      expect((await other.get(`/api/campaigns/${id}${path}`)).status).toBe(404);
    expect((await other.post(`/api/campaigns/${id}/pour`, {})).status).toBe(404);
    expect((await other.delete(`/api/campaigns/${id}`)).status).toBe(404);
    expect((await http.get('/api/campaigns?limit=100')).body.data.some((c: { id: string }) => c.id === id)).toBe(true);
    expect((await other.get('/api/campaigns')).body.data).toEqual([]);
    expect((await http.delete(`/api/campaigns/${id}`)).status).toBe(204);
  }, 120_000);
});

describe('pour sources', () => {
  it('{companyListId} pours the contacts of its companies; {} and {allContacts:true} the whole database; counts noEmail and duplicate', async () => {
    const fresh = await createApprovedAccount(ctx.rt.deps);
    const http = client(ctx.rt.url, { key: fresh.apiKey });
    const acme = await http.post('/api/companies', { name: 'Acme', domain: 'acme-pour.test', country: 'Austria' });
    const other = await http.post('/api/companies', { name: 'Other', domain: 'other-pour.test' });
    expect(acme.status, JSON.stringify(acme.body)).toBe(201);
    const mk = async (p: Record<string, unknown>) => (await http.post('/api/contacts', p)).body.id as string;
    await mk({ firstName: 'A1', email: 'a1@acme-pour.test', companyId: acme.body.id });
    await mk({ firstName: 'A2', companyId: acme.body.id }); // no email
    await mk({ firstName: 'A3', email: 'a1@acme-pour.test', companyId: acme.body.id }); // same address as A1
    await mk({ firstName: 'O1', email: 'o1@other-pour.test', companyId: other.body.id });
    await mk({ firstName: 'Solo', email: 'solo@pour.test' });
    const list = await http.post('/api/company-lists', { name: 'acme only', type: 'STATIC' });
    expect((await http.post(`/api/company-lists/${list.body.id}/companies`, { companyIds: [acme.body.id] })).status).toBeLessThan(300);

    const byCompanies = (await http.post('/api/campaigns', { name: 'by companies', renderMode: 'BYOC' })).body.id;
    expect((await http.post(`/api/campaigns/${byCompanies}/pour`, { companyListId: list.body.id })).body).toMatchObject({
      added: 1,
      noEmail: 1,
      duplicate: 1,
      inactiveChannel: 0,
      notFound: 0,
    });
    // The company's country (Austria) decides the geo policy: opt-in only, skipped.
    expect((await http.post(`/api/campaigns/${byCompanies}/screen`)).body).toMatchObject({ screened: 0, skipped: 1, reasons: { geo_opt_in_only: 1 } });

    const everything = (await http.post('/api/campaigns', { name: 'everything', renderMode: 'BYOC' })).body.id;
    expect((await http.post(`/api/campaigns/${everything}/pour`, {})).body).toMatchObject({ added: 3, noEmail: 1, duplicate: 1 });
    expect((await http.post(`/api/campaigns/${everything}/pour`, { allContacts: true })).body).toMatchObject({ added: 0, duplicate: 4, noEmail: 1 });
    expect((await http.post(`/api/campaigns/${everything}/pour`, { listId: 'no-such-list' })).status).toBe(404);
  }, 120_000);
});

describe('placement advice from measurement', () => {
  it('no sends yet: start with limit=1; after a hard bounce at one provider: that provider, relay first', async () => {
    const { rt } = ctx;
    const b = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: b.apiKey });
    await setupSendingWorkspace(rt.deps, http, b.tenantId, { dovecot, relay, mailbox: 'sales@placement.test' });
    // Well-known consumer domains: their provider is known without an MX look-up (gmail, microsoft).
    const { id, ids } = await byocCampaign(http, [
      { firstName: 'Fine', email: 'fine.buyer@gmail.com' },
      { firstName: 'Gone', email: 'bounce@outlook.com' },
    ]);
    const sub = await http.post(`/api/campaigns/${id}/rendered-emails`, { emails: ids.map((contactId, i) => ({ contactId, ...clean(`B${i}`) })) });
    expect(sub.body.accepted).toBe(2);
    const first = (await http.get(`/api/campaigns/${id}/send-readiness`)).body.placement;
    expect(first).toMatchObject({ step: 'first_send', measuredSends: 0, byProvider: {}, flagged: [] });
    expect(first.advice).toContain('limit=1');

    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 2 })).body.queued).toBe(2);
    const after = await waitFor('both sends measured', async () => {
      const p = (await http.get(`/api/campaigns/${id}/send-readiness`)).body.placement;
      return p.measuredSends === 2 && p;
    });
    expect(after).toMatchObject({
      step: 'fix_relay',
      byProvider: { gmail: { sent: 1, delivered: 1, bounced: 0 }, microsoft: { sent: 1, delivered: 0, bounced: 1, bounceRate: 1 } },
      flagged: [{ provider: 'microsoft', bounced: 1 }],
    });
    expect(after.advice).toContain('microsoft');
    expect(after.advice).toContain('relay first');
    expect(after.advice).not.toContain('gmail');
    expect((await http.get(`/api/campaigns/${id}/metrics`)).body).toMatchObject({ sent: 2, delivered: 1, bounced: 1 });
  }, 120_000);
});
