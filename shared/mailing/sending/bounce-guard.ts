import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import type { SendResult } from '../../platform/ports/mail-transport.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { EmailAccount, MailboxBounceWindow, SenderDay, utcDay } from '../senders/entities.js';
import type { BounceGuard } from '../../workspace/settings/bounce-guard.js';
import { BOUNCE_REASON } from './settings.js';

/**
 * Bounce-rate protection per mailbox (docs/sending.md, "Bounce-rate protection"). The window costs no
 * write of its own per send: the outcome transaction the send worker already commits per group of SMTP
 * answers ADDs the group's sends and hard bounces to the mailbox day row it rewrites anyway
 * (`guardSends`, `guardBounces`), so a group writes two bookkeeping rows (task, day), not three. The
 * window item (`MailboxBounceWindow`) keeps what changes rarely: the totals before its `baseDay`
 * (rolled forward by the first check of a new UTC day, one conditional write per mailbox and day), a
 * few checkpoints and the trip. After the commit the worker reads both (two consistent reads per group)
 * and judges the last `windowSends` sends: the totals minus the newest checkpoint at least that many
 * sends back. A checkpoint is one small conditional write per `windowSends / CHECKPOINTS` sends, so the
 * window spans between N and N + N/5 sends. When it trips, one transaction suspends the mailbox (status
 * SUSPENDED, suspendedReason `bounce_rate_exceeded`, `bounceTrip`), marks the window and writes the
 * `email_account.bounce_rate_exceeded` event; tasks sending through the mailbox pause with
 * `sender_bounce_rate_exceeded`.
 */
const CHECKPOINTS = 5;
const KEEP = CHECKPOINTS + 2;

interface Checkpoint {
  s: number;
  b: number;
}
interface BounceWindowItem {
  /** The totals counted before `baseDay` (negative after a reset: the day's counts before it do not count). */
  baseDay?: string;
  baseSends?: number;
  baseBounces?: number;
  /** Totals of a window counted before the day rows carried them (read as its base). */
  sends?: number;
  bounces?: number;
  checkpoints?: Checkpoint[];
  trippedAt?: string | null;
}
interface GuardDay {
  guardSends?: number;
  guardBounces?: number;
}

/** The day row counters a group adds: its sends (accepted or refused) and hard bounces; none for a group of deferrals. */
export function bounceWindowAdd(results: Pick<SendResult, 'outcome'>[]): { guardSends: number; guardBounces: number } | undefined {
  const sends = results.filter((r) => r.outcome !== 'deferred').length;
  if (!sends) return undefined;
  return { guardSends: sends, guardBounces: results.filter((r) => r.outcome === 'rejected').length };
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
    const today = utcDay(deps.clock.now());
    const [w, day] = await Promise.all([
      table.get<BounceWindowItem>(MailboxBounceWindow.key({ accountId })),
      table.get<GuardDay>(SenderDay.key({ accountId, day: today })),
    ]);
    if (w?.trippedAt) return true;
    const base = await windowBase(table, accountId, w, today);
    const totals = { sends: base.s + (day?.guardSends ?? 0), bounces: base.b + (day?.guardBounces ?? 0), checkpoints: w?.checkpoints };
    const v = judgeBounceWindow(totals, guard);
    if (v.trip) return (await trip(deps, tenantId, accountId, guard, v, taskId), true);
    if (v.checkpoint) await addCheckpoint(table, accountId, w?.checkpoints ?? [], v.checkpoint);
    return false;
  } catch (e) {
    log.warn('bounce window check failed', { accountId, message: (e as Error).message });
    return false;
  }
}

/**
 * The window's totals before today. On the first check of a new day (or of a window counted before the
 * day rows carried it) they are the old base plus the day rows since it, written back as today's base.
 * Two workers rolling the same day compute the same totals: the first write wins, the second is refused.
 */
async function windowBase(table: TableStore, accountId: string, w: BounceWindowItem | undefined, today: string) {
  const base = { s: w?.baseSends ?? w?.sends ?? 0, b: w?.baseBounces ?? w?.bounces ?? 0 };
  if (w?.baseDay === today) return base;
  if (w?.baseDay) {
    const from = SenderDay.key({ accountId, day: w.baseDay });
    const yesterday = SenderDay.key({ accountId, day: utcDay(Date.parse(today) - 86_400_000) });
    let cursor: string | undefined;
    do {
      const page = await table.query<GuardDay>({ pk: from.pk, skBetween: [from.sk, yesterday.sk], cursor });
      for (const d of page.items) ((base.s += d.guardSends ?? 0), (base.b += d.guardBounces ?? 0));
      cursor = page.cursor;
    } while (cursor);
  }
  await table
    .update(MailboxBounceWindow.key({ accountId }), {
      set: { baseDay: today, baseSends: base.s, baseBounces: base.b },
      setIfMissing: { entity: MailboxBounceWindow.name, _v: MailboxBounceWindow.version, accountId },
      condition: w?.baseDay ? { expression: 'baseDay = :d', values: { ':d': w.baseDay } } : { expression: 'attribute_not_exists(baseDay)' },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
  return base;
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

/** A fresh window (on resume): the bounces that tripped it are not judged again, nor today's sends before it. */
export async function resetBounceWindow(table: TableStore, accountId: string, at: string) {
  const today = utcDay(Date.parse(at));
  const day = await table.get<GuardDay>(SenderDay.key({ accountId, day: today }));
  await table.put(
    MailboxBounceWindow.item(
      { accountId },
      {
        accountId,
        baseDay: today,
        baseSends: -(day?.guardSends ?? 0),
        baseBounces: -(day?.guardBounces ?? 0),
        checkpoints: [],
        lastCheckpoint: 0,
        trippedAt: null,
        resetAt: at,
      },
    ),
  );
}
