import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import type { SendResult } from '../../platform/ports/mail-transport.js';
import { ConditionFailed, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { EmailAccount, MailboxBounceWindow } from '../senders/entities.js';
import type { BounceGuard } from '../../workspace/settings/bounce-guard.js';
import { BOUNCE_REASON } from './settings.js';

/**
 * Bounce-rate protection per mailbox (docs/sending.md, "Bounce-rate protection"). The window costs no
 * write of its own per send: the outcome transaction the send worker already commits per group of SMTP
 * answers ADDs the group's sends and hard bounces to one small item (`MailboxBounceWindow`). After the
 * commit the worker reads it back (one consistent read per group) and judges the last `windowSends`
 * sends: the counters minus the newest checkpoint at least that many sends back. A checkpoint is one
 * small conditional write per `windowSends / CHECKPOINTS` sends, so the window spans between N and
 * N + N/5 sends. When it trips, one transaction suspends the mailbox (status SUSPENDED, suspendedReason
 * `bounce_rate_exceeded`, `bounceTrip`), marks the window and writes the `email_account.bounce_rate_exceeded`
 * event; tasks sending through the mailbox pause with `sender_bounce_rate_exceeded`.
 */
const CHECKPOINTS = 5;
const KEEP = CHECKPOINTS + 2;

interface Checkpoint {
  s: number;
  b: number;
}
interface BounceWindowItem {
  sends?: number;
  bounces?: number;
  checkpoints?: Checkpoint[];
  trippedAt?: string | null;
}

/** The transaction action that counts a group's sends (accepted or refused) and hard bounces; none for a group of deferrals. */
export function bounceWindowAdd(accountId: string, results: Pick<SendResult, 'outcome'>[]): TxOp | undefined {
  const sends = results.filter((r) => r.outcome !== 'deferred').length;
  if (!sends) return undefined;
  return {
    update: MailboxBounceWindow.key({ accountId }),
    spec: {
      add: { sends, bounces: results.filter((r) => r.outcome === 'rejected').length },
      setIfMissing: { entity: MailboxBounceWindow.name, _v: MailboxBounceWindow.version, accountId },
    },
  };
}

/** The verdict on a window: its last N sends and bounces, whether they trip the guard, and whether a checkpoint is due. */
export function judgeBounceWindow(w: BounceWindowItem, guard: BounceGuard) {
  const sends = w.sends ?? 0;
  const bounces = w.bounces ?? 0;
  const checkpoints = w.checkpoints ?? [];
  const base = [...checkpoints].reverse().find((c) => c.s <= sends - guard.windowSends) ?? { s: 0, b: 0 };
  const windowSends = sends - base.s;
  const windowBounces = bounces - base.b;
  // Percent arithmetic on integers times 100: 0.07 * 100 is not 7 in floating point.
  const overWholeWindow = windowBounces * 100 > guard.maxBounceRatePercent * guard.windowSends;
  const overRate = windowSends >= guard.minSends && windowBounces * 100 > guard.maxBounceRatePercent * windowSends;
  const step = Math.max(1, Math.ceil(guard.windowSends / CHECKPOINTS));
  const last = checkpoints.at(-1)?.s ?? 0;
  return {
    windowSends,
    windowBounces,
    ratePercent: windowSends ? Math.round((windowBounces / windowSends) * 10_000) / 100 : 0,
    trip: windowBounces > 0 && (overWholeWindow || overRate),
    checkpoint: Math.floor(sends / step) > Math.floor(last / step) ? { s: sends, b: bounces } : undefined,
  };
}

/**
 * After a committed group: true when the mailbox must stop sending (the guard tripped now or earlier).
 * Never throws: a failed check is logged and the next group checks again.
 */
export async function checkBounceWindow(deps: Deps, tenantId: string, accountId: string, guard: BounceGuard, taskId: string): Promise<boolean> {
  if (!guard.enabled) return false;
  const table = deps.tenantTable(tenantId);
  try {
    const w = await table.get<BounceWindowItem>(MailboxBounceWindow.key({ accountId }));
    if (!w) return false;
    if (w.trippedAt) return true;
    const v = judgeBounceWindow(w, guard);
    if (v.trip) return (await trip(deps, tenantId, accountId, guard, v, taskId), true);
    if (v.checkpoint) await addCheckpoint(table, accountId, w.checkpoints ?? [], v.checkpoint);
    return false;
  } catch (e) {
    log.warn('bounce window check failed', { accountId, message: (e as Error).message });
    return false;
  }
}

async function addCheckpoint(table: TableStore, accountId: string, kept: Checkpoint[], c: Checkpoint) {
  await table
    .update(MailboxBounceWindow.key({ accountId }), {
      set: { checkpoints: [...kept, c].slice(-KEEP), lastCheckpoint: c.s },
      // Two workers judging the same counts write one checkpoint; a reset in between wins.
      condition: { expression: 'attribute_not_exists(lastCheckpoint) OR lastCheckpoint < :s', values: { ':s': c.s } },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
}

async function trip(deps: Deps, tenantId: string, accountId: string, guard: BounceGuard, v: ReturnType<typeof judgeBounceWindow>, taskId: string) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const table = deps.tenantTable(tenantId);
  const bounceTrip = {
    at,
    windowSends: v.windowSends,
    windowBounces: v.windowBounces,
    ratePercent: v.ratePercent,
    thresholdPercent: guard.maxBounceRatePercent,
    taskId,
  };
  const event = { accountId, reason: BOUNCE_REASON, ...bounceTrip, windowSize: guard.windowSends, minSends: guard.minSends, status: 'SUSPENDED' };
  try {
    await table.transact([
      {
        update: EmailAccount.key({ accountId }),
        spec: {
          set: { status: 'SUSPENDED', suspendedReason: BOUNCE_REASON, suspendedAt: at, updatedAt: at, bounceTrip },
          // Only an ACTIVE mailbox trips: one event per trip, and a manual suspension keeps its reason.
          condition: { expression: '#s = :active', names: { '#s': 'status' }, values: { ':active': 'ACTIVE' } },
        },
      },
      { update: MailboxBounceWindow.key({ accountId }), spec: { set: { trippedAt: at } } },
      { put: outboxItem(tenantId, 'email_account.bounce_rate_exceeded', event, now) },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) return; // not ACTIVE: the gates stop its tasks anyway
    throw e;
  }
  log.warn('bounce rate exceeded: mailbox suspended', { accountId, ...bounceTrip });
  await eventsCommitted(deps, tenantId);
}

/** A fresh window (on resume): the bounces that tripped it are not judged again. */
export async function resetBounceWindow(table: TableStore, accountId: string, at: string) {
  await table.put(
    MailboxBounceWindow.item({ accountId }, { accountId, sends: 0, bounces: 0, checkpoints: [], lastCheckpoint: 0, trippedAt: null, resetAt: at }),
  );
}
