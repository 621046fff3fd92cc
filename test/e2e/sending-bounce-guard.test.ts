import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { waitFor } from '../support/poll.js';

// Bounce-rate protection end to end. Real parts: the embedded runtime (DynamoDB Local, durable local
// queue, send worker, movable clock), Dovecot and smtp-server on 127.0.0.1 (it refuses RCPT TO of
// `bad…` addresses with 550 5.1.1), a webhook receiver on 127.0.0.1. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let accountId: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Moves the runtime clock one send interval: the mailbox's next slot opens (one email per slot). */
const nextSlot = () => ctx.http.post('/_local/clock', { advanceMs: 1000 }).then(() => sleep(100));

beforeAll(async () => {
  [ctx, dovecot, relay, receiver] = await Promise.all([
    startTenantRuntime({
      env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', WEBHOOK_SWEEP_MS: '300', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    }),
    startDovecot(),
    startSmtpRelay({ rejectRcpt: /^bad/ }),
    startWebhookReceiver(),
  ]);
  dovecot.addUser('out@guard.test', 'imap-secret-3');
  relay.users.set('out@guard.test', 'smtp-secret-3');
  const { http } = ctx;
  await credit(ctx.rt.deps, ctx.account.tenantId, 10, 'test balance', 'test');
  const acc = await http.post('/api/email-accounts', {
    name: 'Out',
    email: 'out@guard.test',
    imapHost: '127.0.0.1',
    imapPort: dovecot.port,
    imapUser: 'out@guard.test',
    imapPass: 'imap-secret-3',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: 'out@guard.test',
    smtpPass: 'smtp-secret-3',
  });
  expect(acc.status).toBe(201);
  accountId = acc.body.id;
  expect((await http.patch(`/api/email-accounts/${accountId}`, { dnsAcknowledged: true })).status).toBe(200);
  expect((await http.put('/api/settings/company-profile', { companyName: 'Guard Ltd', physicalAddress: '3 Bay Road, York' })).status).toBe(200);
  expect((await http.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
  const hook = await http.post('/api/webhooks', { url: `${receiver.url}/hook`, events: ['email_account.bounce_rate_exceeded'], secret: 's'.repeat(32) });
  expect(hook.status).toBe(201);
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop(), receiver?.stop()]);
});

let n = 0;
/** A started-ready mailing task to `count` recipients; `refused(i)` picks the addresses the relay refuses. */
async function mailingTask(count: number, refused: (i: number) => boolean, sender = accountId) {
  const { http } = ctx;
  const batch = ++n;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await http.post('/api/contacts', { firstName: `P${i}`, email: `${refused(i) ? 'bad' : 'ok'}${i}.b${batch}@rcpt.test` });
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  const list = await http.post('/api/contact-lists', { name: `guard ${batch}` });
  expect((await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: ids })).status).toBeLessThan(300);
  const creative = await http.post('/api/creatives', { name: `g${batch}`, subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}}</p>' });
  const task = await http.post('/api/tasks', {
    methodId: 2,
    description: `g${batch}`,
    creativeId: creative.body.id,
    accountId: sender,
    contactListId: list.body.id,
  });
  expect(task.status).toBe(201);
  expect((await http.post(`/api/mailing/${task.body.id}/approve`, { note: 'ok' })).status).toBe(200);
  return { taskId: task.body.id as string, batch };
}
const delivered = (batch: number) => relay.messages.filter((m) => m.to.some((t) => t.endsWith(`.b${batch}@rcpt.test`))).length;
const getTask = async (taskId: string) => (await ctx.http.get(`/api/tasks/${taskId}`)).body;
/** No item of the task is leased (SENDING): nothing is on its way to SMTP. */
const idle = async (taskId: string) => (await ctx.http.get(`/api/tasks/${taskId}/items?status=SENDING`)).body.data.length === 0;

describe('bounce-rate protection', () => {
  it('settings: defaults, a partial PATCH, and bad values answer 400 and change nothing', async () => {
    const { http } = ctx;
    expect((await http.get('/api/settings/bounce-guard')).body).toMatchObject({ enabled: true, maxBounceRatePercent: 5, windowSends: 100, minSends: 50 });
    const bad = await http.patch('/api/settings/bounce-guard', { minSends: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['minSends must not be greater than windowSends']);
    expect((await http.patch('/api/settings/bounce-guard', { windowSends: 5 })).status).toBe(400);
    expect((await http.patch('/api/settings/bounce-guard', { extra: 1 })).body.message).toEqual(['property extra should not exist']);
    const set = await http.patch('/api/settings/bounce-guard', { maxBounceRatePercent: 5 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual(expect.objectContaining({ enabled: true, maxBounceRatePercent: 5, windowSends: 100, minSends: 50 }));
  });

  it('a healthy run (2 % refused) completes and the mailbox stays ACTIVE', async () => {
    const { http } = ctx;
    expect((await http.put('/api/settings/min-send-interval', { seconds: 0 })).status).toBe(200);
    const { taskId, batch } = await mailingTask(50, (i) => i === 17);
    expect((await http.post(`/api/tasks/${taskId}/start`)).status).toBe(200);
    const done = await waitFor('completion', async () => {
      const t = await getTask(taskId);
      return t.status === 'COMPLETED' && t;
    });
    expect(done.counters).toMatchObject({ total: 50, sent: 49, bounced: 1, queued: 0 });
    expect(delivered(batch)).toBe(49);
    expect((await http.get(`/api/email-accounts/${accountId}`)).body).toMatchObject({ status: 'ACTIVE' });
  }, 120_000);

  it('30 % refused: the mailbox is suspended (bounce_rate_exceeded), the task pauses, the event is delivered, nothing more goes out', async () => {
    const { http } = ctx;
    // One email per slot (as a real mailbox sends): the clock is moved one interval per step.
    expect((await http.put('/api/settings/min-send-interval', { seconds: 1 })).status).toBe(200);
    const { taskId, batch } = await mailingTask(40, (i) => [1, 4, 7].includes(i % 10));
    expect((await http.post(`/api/tasks/${taskId}/start`)).status).toBe(200);
    const paused = await waitFor(
      'pause',
      async () => {
        const t = await getTask(taskId);
        return t.status === 'PAUSED' && t;
      },
      400,
      nextSlot,
    );
    expect(paused.pauseReason).toBe('sender_bounce_rate_exceeded');
    const account = (await http.get(`/api/email-accounts/${accountId}`)).body;
    expect(account).toMatchObject({ status: 'SUSPENDED', suspendedReason: 'bounce_rate_exceeded' });
    // The window that tripped holds the healthy run's 50 sends (1 bounce) and this task's: over 5 % of at least minSends sends.
    const trip = account.bounceTrip;
    expect(trip.windowSends).toBeGreaterThanOrEqual(50);
    expect(trip.windowBounces * 100).toBeGreaterThan(5 * trip.windowSends);
    expect(trip.ratePercent).toBeGreaterThan(5);
    expect(account.bounceTrip).toMatchObject({ thresholdPercent: 5, taskId });
    const hook = await waitFor('webhook', async () => receiver.received.find((r) => r.json?.type === 'email_account.bounce_rate_exceeded'));
    expect(hook.json.data).toMatchObject({ accountId, reason: 'bounce_rate_exceeded', status: 'SUSPENDED', taskId, windowSize: 100 });

    // Nothing more goes out: once no item is leased, the counts stand, and the unsent rest waits QUEUED.
    await waitFor('no lease left', () => idle(taskId));
    const after = (await getTask(taskId)).counters;
    expect(after.queued).toBeGreaterThan(0);
    expect(after.sent + after.bounced + after.queued).toBe(40);
    expect(delivered(batch)).toBe(after.sent);
    // Resuming the task while the mailbox is suspended pauses it again before anything is sent.
    expect((await http.post(`/api/tasks/${taskId}/resume`)).status).toBe(200);
    await waitFor('paused again', async () => (await getTask(taskId)).status === 'PAUSED' && (await idle(taskId)), 400, nextSlot);
    expect((await getTask(taskId)).counters).toMatchObject({ sent: after.sent, bounced: after.bounced, queued: after.queued });
    expect(delivered(batch)).toBe(after.sent);
    expect(receiver.received.filter((r) => r.json?.type === 'email_account.bounce_rate_exceeded')).toHaveLength(1);

    // Resuming the mailbox starts a fresh window: the old bounces do not trip it again; the task sends on.
    const resumed = await http.post(`/api/email-accounts/${accountId}/resume`);
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', suspendedReason: null });
    expect((await http.post(`/api/tasks/${taskId}/resume`)).status).toBe(200);
    await waitFor('sends after the resume', async () => (await getTask(taskId)).counters.sent > after.sent, 400, nextSlot);
    expect(delivered(batch)).toBeGreaterThan(after.sent);
  }, 180_000);

  it('8 of 10 refused on a fresh mailbox: the 6th bounce trips it before the minimum sample (5 % of 100 can no longer hold)', async () => {
    const { http } = ctx;
    dovecot.addUser('fresh@guard.test', 'imap-secret-4');
    relay.users.set('fresh@guard.test', 'smtp-secret-4');
    const acc = await http.post('/api/email-accounts', {
      name: 'Fresh',
      email: 'fresh@guard.test',
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: 'fresh@guard.test',
      imapPass: 'imap-secret-4',
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: 'fresh@guard.test',
      smtpPass: 'smtp-secret-4',
    });
    expect((await http.patch(`/api/email-accounts/${acc.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
    // The first eight contacts are refused; one email per slot goes in list order.
    const { taskId, batch } = await mailingTask(10, (i) => i < 8, acc.body.id);
    expect((await http.post(`/api/tasks/${taskId}/start`)).status).toBe(200);
    const paused = await waitFor(
      'pause',
      async () => {
        const t = await getTask(taskId);
        return t.status === 'PAUSED' && t;
      },
      400,
      nextSlot,
    );
    expect(paused.pauseReason).toBe('sender_bounce_rate_exceeded');
    const account = (await http.get(`/api/email-accounts/${acc.body.id}`)).body;
    expect(account).toMatchObject({ status: 'SUSPENDED', suspendedReason: 'bounce_rate_exceeded' });
    expect(account.bounceTrip.windowBounces).toBeGreaterThanOrEqual(6);
    expect(account.bounceTrip.windowSends).toBeLessThan(50);
    await waitFor('webhook', async () =>
      receiver.received.find((r) => r.json?.type === 'email_account.bounce_rate_exceeded' && r.json.data.accountId === acc.body.id),
    );
    await waitFor('no lease left', () => idle(taskId));
    const c = (await getTask(taskId)).counters;
    expect(c.queued).toBeGreaterThan(0);
    expect(delivered(batch)).toBe(c.sent);
    // A new task on the suspended mailbox does not start.
    const next = await mailingTask(1, () => false, acc.body.id);
    const refused = await http.post(`/api/tasks/${next.taskId}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('sender_bounce_rate_exceeded');
  }, 120_000);
});
