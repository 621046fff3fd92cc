import { describe, expect, it } from 'vitest';
import type { EmailAccountItem, RecordedOutcome, SendItemRecord, SendResult, SendStore, SendTask } from '../../shared/mailing/sending/port.js';
import { backoffMs } from '../../shared/mailing/sending/settings.js';
import { sendItems } from '../../shared/mailing/sending/worker.js';

// The send worker's core against an in-memory SendStore: no DynamoDB, no Deps. What it proves is
// that the port is all the core needs; the exactly-once argument over DynamoDB is tested in
// test/e2e/sending-crash.test.ts and test/integration/sending-outcomes.test.ts.

type Settings = Awaited<ReturnType<SendStore['settings']>>;
const account = { id: 'acc', email: 'sam@acme.test', name: 'Sam' } as EmailAccountItem;
const settings = {
  sendWindow: { enabled: false },
  minSendIntervalSeconds: 0,
  companyProfile: { companyName: 'Acme', physicalAddress: '1 Main St' },
  defaultTrackingDomain: null,
  bounceGuard: { enabled: true, maxBounceRatePercent: 5, windowSends: 100, minSends: 50 },
} as unknown as Settings;

/** One workspace's task and items in memory, and every call the core made that changes something. */
function memoryStore(contactIds: string[], send: (to: string, messageId: string) => Promise<SendResult>) {
  const task = { taskId: 'K1', status: 'ACTIVE', accountId: 'acc', creativeId: 'cr', tracking: true, counters: {}, version: 1 } as unknown as SendTask;
  const items = new Map<string, SendItemRecord>(
    contactIds.map((c) => [c, { taskId: 'K1', contactId: c, email: `${c}@buyer.test`, status: 'QUEUED', attempts: 0, createdAt: '', updatedAt: '' }]),
  );
  const counters: Record<string, number> = { queued: contactIds.length };
  const log = { commits: [] as RecordedOutcome[][], requeued: [] as [string, number][], paid: 0, suppressed: [] as string[], sent: [] as string[] };
  const store: SendStore = {
    tenantId: 'T1',
    workerId: 'w1',
    smtpBudgetMs: 60_000,
    now: () => Date.parse('2026-11-27T10:00:00Z'),
    loadBatch: async (_t, ids) => ({ task, items: ids.flatMap((c) => (items.has(c) ? [{ ...items.get(c)! }] : [])) }),
    settings: async () => settings,
    content: async () => (it) => ({ subject: `Hi ${it.contactId}`, html: '<p>Hi</p>', text: 'Hi' }),
    recipients: async () => new Map(),
    trackingDomain: async () => null,
    inSentFolder: async () => new Set(),
    providerOf: async () => 'other',
    gate: async (_t, _s, n) => ({ go: n, waitMs: 0, account }),
    pauseTask: async (_t, reason) => void (task.pauseReason = reason),
    takePaidSends: async (_t, n) => ((log.paid += n), n),
    returnPaidSends: async (_t, n) => void (log.paid -= n),
    recoverLease: async () => undefined,
    async lease(_t, leases, at) {
      const leased = new Map<string, string>();
      for (const l of leases) {
        const it = items.get(l.contactId)!;
        if (it.status !== 'QUEUED') continue;
        Object.assign(it, { status: 'SENDING', workerId: at.workerId, messageId: l.messageId, attempts: it.attempts + 1 });
        leased.set(l.contactId, l.messageId);
      }
      return leased;
    },
    unlease: async (it) => void Object.assign(items.get(it.contactId)!, { status: 'QUEUED', workerId: undefined }),
    cancelQueued: async (it) => void (items.get(it.contactId)!.status = 'CANCELLED'),
    requeue: async (it, delayMs) => void log.requeued.push([it.contactId, delayMs]),
    requeueMany: async (_t, list, delayMs) => void log.requeued.push(...list.map((it) => [it.contactId, delayMs] as [string, number])),
    async commitOutcomes(_t, _a, workerId, group) {
      if (group.some(({ o }) => items.get(o.contactId)!.status !== 'SENDING' || items.get(o.contactId)!.workerId !== workerId)) return 'lost';
      log.commits.push(group);
      for (const { o, kind } of group) {
        const status = kind === 'deferred' ? 'QUEUED' : { accepted: 'SENT', rejected: 'BOUNCED', deferred: 'FAILED' }[o.result.outcome];
        Object.assign(items.get(o.contactId)!, { status, workerId: undefined, smtp: o.result });
        const counter = kind === 'deferred' ? 'deferred' : status.toLowerCase();
        counters[counter] = (counters[counter] ?? 0) + 1;
        if (kind === 'final') counters.queued--;
      }
      return { window: group.some(({ o }) => o.result.outcome !== 'deferred') };
    },
    bounceTripped: async () => false,
    suppressBounce: async (email) => void log.suppressed.push(email),
    checkCompletion: async () => {
      if ([...items.values()].every((it) => ['SENT', 'BOUNCED', 'FAILED'].includes(it.status))) task.status = 'COMPLETED';
    },
    compose: (m) => ({ from: m.from, to: m.to, subject: m.rendered.subject, html: m.rendered.html, text: m.rendered.text, messageId: m.messageId }),
    transport: async () => ({ send: (m) => (log.sent.push(m.messageId), send(m.to.address, m.messageId)), close: async () => undefined }),
  };
  return { store, task, items, counters, log };
}

const ids = ['c1', 'c2', 'c3', 'c4'];
const committedIds = (commits: RecordedOutcome[][]) => commits.flat().map(({ o }) => o.contactId);

describe('send worker core over its port', () => {
  it('a batch sent through the transport ends SENT, each outcome committed once, the task complete', async () => {
    const m = memoryStore(ids, async (_to, messageId) => ({ outcome: 'accepted', code: 250, response: '250 ok', messageId }));
    await sendItems(m.store, 'K1', ids);
    expect([...m.items.values()].map((it) => it.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    expect(committedIds(m.log.commits).sort()).toEqual(ids);
    expect(m.log.commits.length).toBeLessThanOrEqual(2); // group commit: not one write per email
    expect(new Set(m.log.sent).size).toBe(4); // one SMTP transaction each, with its leased Message-ID
    expect(m.log.sent.sort()).toEqual([...m.items.values()].map((it) => it.messageId).sort());
    expect(m.counters).toMatchObject({ sent: 4, queued: 0 });
    expect(m.log.paid).toBe(4);
    expect(m.log.requeued).toEqual([]);
    expect(m.task.status).toBe('COMPLETED');

    // The same message again (a redelivery): nothing is QUEUED any more, so nothing is sent or written.
    await sendItems(m.store, 'K1', ids);
    expect(m.log.sent).toHaveLength(4);
    expect(committedIds(m.log.commits)).toHaveLength(4);
  });

  it('a failing transport puts each item back to QUEUED with its backoff, paid once, nothing final', async () => {
    const m = memoryStore(ids, async () => Promise.reject(new Error('connection reset')));
    await sendItems(m.store, 'K1', ids);
    expect([...m.items.values()].map((it) => [it.status, it.attempts, it.smtp?.outcome])).toEqual(ids.map(() => ['QUEUED', 1, 'deferred']));
    expect(committedIds(m.log.commits).sort()).toEqual(ids);
    expect(m.log.requeued.sort()).toEqual(ids.map((c) => [c, backoffMs(1)]));
    expect(m.counters).toMatchObject({ deferred: 4, queued: 4 });
    expect(m.log.paid).toBe(4);
    expect(m.task.status).toBe('ACTIVE');
  });

  it('a 5xx answer bounces its item and suppresses the address; the others are sent', async () => {
    const m = memoryStore(ids, async (to, messageId) =>
      to.startsWith('c2@')
        ? { outcome: 'rejected', code: 550, response: 'no such user', messageId }
        : { outcome: 'accepted', code: 250, response: 'ok', messageId },
    );
    await sendItems(m.store, 'K1', ids);
    expect(m.items.get('c2')!.status).toBe('BOUNCED');
    expect(m.log.suppressed).toEqual(['c2@buyer.test']);
    expect(m.counters).toMatchObject({ sent: 3, bounced: 1, queued: 0 });
  });

  it('a batch of 50 is leased 25 at a time as the lanes reach it: a sender that goes down early leaves the second group QUEUED, unleased and unpaid', async () => {
    const fifty = Array.from({ length: 50 }, (_, k) => `d${k}`);
    const m = memoryStore(fifty, async (to, messageId) => {
      if (to.startsWith('d2@')) throw Object.assign(new Error('535 authentication failed'), { reason: 'auth_failed' });
      return { outcome: 'accepted', code: 250, response: 'ok', messageId };
    });
    const leaseCalls: number[] = [];
    const lease = m.store.lease.bind(m.store);
    m.store.lease = (t, leases, at) => (leaseCalls.push(leases.length), lease(t, leases, at));
    await sendItems(m.store, 'K1', fifty);
    expect(leaseCalls).toEqual([25]); // the second group was never leased
    const second = fifty.slice(25).map((c) => m.items.get(c)!);
    expect(second.map((it) => [it.status, it.attempts])).toEqual(second.map(() => ['QUEUED', 0]));
    expect([...m.items.values()].filter((it) => it.status === 'SENDING')).toEqual([]); // what was leased and not sent went back
    expect(m.log.sent.length).toBeLessThan(25);
    expect(m.log.paid).toBe(25); // the never-leased group's units went back to the pool
    expect(m.task.pauseReason).toBe('sender_auth_failed');
  });
});
