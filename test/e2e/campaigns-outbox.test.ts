import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { contactList, setupSendingWorkspace, waitFor } from './campaigns-fixtures.js';
import { Campaign, Generation } from '../../shared/mailing/campaigns/entities.js';

// Real parts: the embedded runtime (DynamoDB Local, the local queue and send worker), Dovecot and
// smtp-server on 127.0.0.1. The campaign's own send window is closed now (it opens in two hours), so
// its sends wait QUEUED: the outbox can be read, previewed and skipped. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' } }),
    startDovecot(),
    startSmtpRelay(),
  ]);
  await setupSendingWorkspace(ctx.rt.deps, ctx.http, ctx.account.tenantId, { dovecot, relay, mailbox: 'sales@outbox.test' });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

const hh = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`;

describe('campaign outbox and the campaign send window', () => {
  it('sends wait in a closed campaign window; history, skip preview, skip ≤ 10 per call, a replay counts nothing twice', async () => {
    const { http } = ctx;
    const h = new Date().getUTCHours();
    const receipt = async () => (await http.get('/api/v1/agent-guide/campaign-sender-capability')).body.receipt as string;
    const window = { enabled: true, workDays: [1, 2, 3, 4, 5, 6, 7], startTime: hh(h + 2), endTime: hh(h + 3), timezone: 'UTC' };
    const c = await http.post('/api/campaigns', { name: 'outbox', renderMode: 'BYOC', sendWindow: window }, { 'X-SDR-Capability-Receipt': await receipt() });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id;
    const { listId, ids } = await contactList(
      http,
      [1, 2, 3].map((i) => ({ firstName: `O${i}`, email: `o${i}@outbox-buyer.test` })),
    );
    await http.post(`/api/campaigns/${id}/pour`, { listId });
    await http.post(`/api/campaigns/${id}/screen`);
    const html = (n: string) => `<p>Hello ${n},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>`;
    expect(
      (
        await http.post(`/api/campaigns/${id}/rendered-emails`, {
          emails: ids.map((contactId, i) => ({ contactId, subject: `Hi O${i + 1}`, html: html(`O${i + 1}`) })),
        })
      ).body.accepted,
    ).toBe(3);

    const readiness = (await http.get(`/api/campaigns/${id}/send-readiness`)).body;
    expect(readiness.ready).toBe(true);
    expect(readiness.effective.sendWindow).toMatchObject({ source: 'campaign', windowOpen: false, configured: window });
    expect(Date.parse(readiness.effective.sendWindow.nextOpenAt)).toBeGreaterThan(Date.now());

    // The owner test obeys the same window: it waits, with retryAt = the next opening.
    const test = await http.post(`/api/campaigns/${id}/test-tasks`, { requestKey: randomUUID() });
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    expect(test.body.decision).toEqual({ reasonCode: 'outside_send_window', nextAction: 'wait' });
    expect(test.body.retryAt).toBe(readiness.effective.sendWindow.nextOpenAt);

    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 3 })).body.queued).toBe(3);
    await new Promise((r) => setTimeout(r, 1500));
    expect(relay.messages.filter((m) => m.to[0]?.endsWith('@outbox-buyer.test'))).toHaveLength(0);

    const history = (await http.get(`/api/dialogs/outbox/${id}/history?status=QUEUED`)).body;
    expect(history.data).toHaveLength(3);
    expect(history.data[0]).toMatchObject({ status: 'QUEUED', attemptNumber: 0, attemptLimit: 5, leaseDeadline: null, workerId: null, reasonCode: null });
    expect(history.data[0].profileId).toBeTruthy();
    expect(history.data[0].history[0].event).toBe('queued');
    const outboxIds: string[] = history.data.map((d: { id: string }) => d.id);

    expect((await http.post('/api/dialogs/outbox/skip-preview', { taskIds: Array.from({ length: 11 }, () => outboxIds[0]) })).status).toBe(400);
    const preview = (await http.post('/api/dialogs/outbox/skip-preview', { taskIds: [...outboxIds, `${id}~nobody`], excludeIds: [outboxIds[2]] })).body;
    expect(preview).toMatchObject({ count: 2, notSkippable: [{ id: `${id}~nobody`, status: 'NOT_FOUND' }] });
    expect((await http.get(`/api/dialogs/outbox/${id}/history?status=QUEUED`)).body.data).toHaveLength(3); // a dry run

    const skip = (await http.post('/api/dialogs/outbox/skip', { snapshot: preview.snapshot, reason: 'wrong segment' })).body;
    expect(skip).toMatchObject({ skipped: 2, nextCursor: null });
    const replay = (await http.post('/api/dialogs/outbox/skip', { snapshot: preview.snapshot, reason: 'wrong segment' })).body;
    expect(replay.skipped).toBe(0);
    expect(replay.results.map((r: { outcome: string }) => r.outcome)).toEqual(['already_skipped', 'already_skipped']);
    const task = (await http.get(`/api/tasks/${id}`)).body;
    expect(task.counters).toMatchObject({ total: 3, queued: 1, skipped: 2 });
    const skipped = (await http.get(`/api/dialogs/outbox/${id}/history?status=SKIPPED`)).body.data;
    expect(skipped.map((s: { reasonCode: string }) => s.reasonCode)).toEqual(['manual_skip', 'manual_skip']);
    expect((await http.post('/api/dialogs/outbox/skip', { snapshot: 'nope', reason: 'x' })).status).toBe(404);

    // Opening the window (an atomic PATCH: only enabled changes) lets the one left go.
    const open = await http.patch(`/api/campaigns/${id}`, { sendWindow: { enabled: false } }, { 'X-SDR-Capability-Receipt': await receipt() });
    expect(open.body.sendWindow).toEqual({ ...window, enabled: false });
    // Its waiting send is re-gated at once and leaves.
    await waitFor('the one send left', async () => relay.messages.filter((m) => m.to[0]?.endsWith('@outbox-buyer.test')).length === 1);
    expect(relay.messages.filter((m) => m.to[0]?.endsWith('@outbox-buyer.test'))[0].to[0]).toBe('o3@outbox-buyer.test');
    const metrics = await waitFor('the metrics', async () => {
      const m = (await http.get(`/api/campaigns/${id}/metrics`)).body;
      return m.sent === 1 && m;
    });
    expect(metrics).toMatchObject({ sent: 1, delivered: 1, queued: 0 });

    // Deleted (paused first), the campaign's send tasks are cancelled: the owner test still waiting included.
    expect((await http.post(`/api/campaigns/${id}/pause`)).status).toBe(200);
    expect((await http.delete(`/api/campaigns/${id}`)).status).toBe(204);
    expect((await http.get(`/api/tasks/${test.body.taskId}`)).body.status).toBe('CANCELLED');
    expect((await http.get(`/api/tasks/${id}`)).body).toMatchObject({ status: 'CANCELLED', counters: { sent: 1, skipped: 2 } });
  }, 180_000);
});

describe('a preparation whose execution died', () => {
  /** A PLATFORM campaign with one NEW recipient whose active generation says running, with no execution behind it. */
  async function campaignWithDeadRun(name: string, run: { runner?: string }) {
    const { http, rt, account } = ctx;
    const creative = await http.post('/api/creatives', {
      name,
      subject: 'Quick question, {{firstName}}',
      bodyHtml: '<p>Hello {{firstName}}, would a short call help?</p>',
    });
    const c = (await http.post('/api/campaigns', { name, renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    const { listId } = await contactList(http, [{ firstName: 'Sta', email: `sta@${name}-buyer.test` }]);
    await http.post(`/api/campaigns/${c.id}/pour`, { listId }); // not screened: the preparation screens NEW recipients first
    const table = rt.deps.tenantTable(account.tenantId);
    const now = rt.deps.clock.now();
    const g = { campaignId: c.id, generationId: 'deadrun', status: 'running', error: null, processed: 0, ready: 0, failed: 0 };
    await table.put(
      Generation.item(
        { campaignId: c.id, generationId: 'deadrun' },
        { ...g, startedAt: new Date(now).toISOString(), finishedAt: null, progressAt: now, ...run },
      ),
    );
    await table.update(Campaign.key({ campaignId: c.id }), { set: { activeGenerationId: 'deadrun' } });
    return c.id as string;
  }

  it('one a previous runtime instance ran is resumed in place at once: same generation, no clock move', async () => {
    const { http } = ctx;
    // The generation of a killed runtime: its execution died with that process.
    const id = await campaignWithDeadRun('resumed', { runner: 'rt-1-previous' });
    const prepared = await waitFor('the conveyor to resume the preparation', async () => {
      const r = (await http.get(`/api/campaigns/${id}`)).body;
      return r.recipients.READY === 1 && r;
    });
    expect(prepared.activeGenerationId).toBe('deadrun');
    const g = await waitFor('the resumed generation to finish', async () => {
      const r = (await http.get(`/api/campaigns/${id}/preparations/deadrun`)).body;
      return r.status !== 'running' && r;
    });
    expect(g).toMatchObject({ status: 'completed', processed: 1, ready: 1 });
    expect((await http.post(`/api/campaigns/${id}/preparations`)).body).toMatchObject({ alreadyRunning: false });
    const activity = (await http.get(`/api/campaigns/${id}/activity`)).body.data.map((a: { action: string }) => a.action);
    expect(activity).toContain('preparation_resumed');
  }, 120_000);

  it('one whose execution stalled (the AWS case: no step for 16 minutes) is superseded by the conveyor, and the recipients get prepared', async () => {
    const { http, rt } = ctx;
    // Run by this very runtime, yet silent: only the stall bound (STALE_MS) can tell, as with a Step Functions execution.
    const id = await campaignWithDeadRun('stale', { runner: rt.deps.localInstanceId });
    expect((await http.post(`/api/campaigns/${id}/preparations`)).body).toMatchObject({ generationId: 'deadrun', alreadyRunning: true });
    expect((await http.post('/_local/clock', { advanceMs: 17 * 60_000 })).status).toBeLessThan(300);
    const prepared = await waitFor('the conveyor to restart the preparation', async () => {
      const r = (await http.get(`/api/campaigns/${id}`)).body;
      return r.recipients.READY === 1 && r;
    });
    expect(prepared.activeGenerationId).not.toBe('deadrun');
    expect((await http.get(`/api/campaigns/${id}/preparations/deadrun`)).body).toMatchObject({ status: 'failed', error: 'stalled' });
  }, 120_000);
});
