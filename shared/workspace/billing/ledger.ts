import { serviceUnavailable } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type Condition } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { CURRENCY, toAmount } from './prices.js';
import { Tenant } from '../tenancy/entities.js';
import { Balance, BillingOnce, LedgerEntry, ledgerSeq } from './entities.js';

export interface BalanceItem {
  tenantId: string;
  balanceMicros: number;
  version: number;
  currency: string;
  updatedAt: string;
}

export interface LedgerItem {
  id: string;
  seq: number;
  tenantId: string;
  type: 'charge' | 'credit';
  operation: string;
  quantity: number;
  amountMicros: number;
  balanceAfterMicros: number;
  currency: string;
  note?: string;
  actor?: string;
  refId?: string;
  createdAt: string;
}

export type EntryInput = Pick<LedgerItem, 'type' | 'operation' | 'quantity'> & { note?: string; actor?: string; refId?: string };

/** Thrown inside `applyEntry` when a debit would take the balance below zero. */
export class Insufficient extends Error {
  constructor(readonly balanceMicros: number) {
    super('insufficient balance');
  }
}

const MAX_ATTEMPTS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isContention = (e: unknown) =>
  e instanceof ConditionFailed || ['TransactionCanceledException', 'TransactionConflictException'].includes((e as Error)?.name);

/**
 * Moves a tenant's balance by `deltaMicros` and appends the ledger entry in ONE transaction:
 * the balance update is conditioned on the version read (optimistic lock) and, for debits, on
 * `balanceMicros >= cost`; the entry's sort key is the new version, written with attribute_not_exists.
 * Concurrent writers retry on a fresh read, so the balance never goes negative and balance_after is exact.
 * `requireTenant` adds a condition check that the tenant exists (credits from the admin API).
 * `onceKey` makes the entry happen at most once: a repeat answers the first call's entry unchanged.
 */
export async function applyEntry(
  deps: Deps,
  tenantId: string,
  deltaMicros: number,
  entry: EntryInput,
  opts: { requireTenant?: boolean; onceKey?: string } = {},
): Promise<LedgerItem> {
  const onceIndex = opts.requireTenant ? 3 : 2;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await deps.platform.get<BalanceItem>(Balance.key({ tenantId }));
    const before = current?.balanceMicros ?? 0;
    const after = before + deltaMicros;
    if (deltaMicros < 0 && after < 0) {
      // A once-keyed debit that already happened (it is why the balance is short now) is not refused.
      const done = opts.onceKey ? await alreadyApplied(deps, tenantId, opts.onceKey) : undefined;
      if (done) return done;
      throw new Insufficient(before);
    }
    const seq = (current?.version ?? 0) + 1;
    const at = new Date(deps.clock.now()).toISOString();
    const condition: Condition = current
      ? deltaMicros < 0
        ? { expression: 'version = :v AND balanceMicros >= :cost', values: { ':v': current.version, ':cost': -deltaMicros } }
        : { expression: 'version = :v', values: { ':v': current.version } }
      : { expression: 'attribute_not_exists(pk)' };
    const item: LedgerItem = {
      id: newId(deps.clock.now()),
      seq,
      tenantId,
      ...entry,
      amountMicros: deltaMicros,
      balanceAfterMicros: after,
      currency: CURRENCY,
      createdAt: at,
    };
    try {
      await deps.platform.transact([
        {
          update: Balance.key({ tenantId }),
          spec: {
            set: { tenantId, balanceMicros: after, version: seq, currency: CURRENCY, updatedAt: at, entity: Balance.name, _v: Balance.version },
            condition,
          },
        },
        { put: LedgerEntry.item({ tenantId, seq: ledgerSeq(seq) }, item), condition: { expression: 'attribute_not_exists(pk)' } },
        ...(opts.requireTenant ? [{ check: Tenant.key({ tenantId }), condition: { expression: 'attribute_exists(pk)' } }] : []),
        ...(opts.onceKey
          ? [
              {
                put: BillingOnce.item(
                  { tenantId, onceKey: opts.onceKey },
                  { tenantId, seq, quantity: entry.quantity, amountMicros: deltaMicros, createdAt: at },
                ),
                condition: { expression: 'attribute_not_exists(pk)' },
              },
            ]
          : []),
      ]);
      return item;
    } catch (e) {
      if (e instanceof ConditionFailed && opts.requireTenant && e.index === 2) throw e;
      if (e instanceof ConditionFailed && opts.onceKey && e.index === onceIndex) {
        const done = await alreadyApplied(deps, tenantId, opts.onceKey);
        if (done) return done;
      }
      if (!isContention(e)) throw e;
      await sleep(Math.min(40, 2 * attempt) + Math.random() * 10);
    }
  }
  throw serviceUnavailable('The balance is busy; retry shortly');
}

/** The entry an earlier call with the same once-key wrote (its ledger row), or undefined. */
async function alreadyApplied(deps: Deps, tenantId: string, onceKey: string): Promise<LedgerItem | undefined> {
  const once = await deps.platform.get<{ seq: number }>(BillingOnce.key({ tenantId, onceKey }));
  if (!once) return undefined;
  return deps.platform.get<LedgerItem>(LedgerEntry.key({ tenantId, seq: ledgerSeq(once.seq) }));
}

export async function readBalance(deps: Deps, tenantId: string) {
  const item = await deps.platform.get<BalanceItem>(Balance.key({ tenantId }));
  return { balance: toAmount(item?.balanceMicros ?? 0), currency: CURRENCY, updatedAt: item?.updatedAt ?? null };
}

/** The public shape of a ledger entry. */
export const ledgerView = (e: LedgerItem) => ({
  id: e.id,
  seq: e.seq,
  type: e.type,
  operation: e.operation,
  quantity: e.quantity,
  amount: toAmount(e.amountMicros),
  balanceAfter: toAmount(e.balanceAfterMicros),
  currency: e.currency,
  note: e.note ?? null,
  actor: e.actor ?? null,
  refId: e.refId ?? null,
  createdAt: e.createdAt,
});

/** Newest first, opaque cursor pages. */
export async function listLedger(deps: Deps, tenantId: string, page: { limit: number; cursor?: string }) {
  const out = await deps.platform.query<LedgerItem>({
    ...LedgerEntry.query('primary', { tenantId }),
    descending: true,
    limit: page.limit,
    cursor: page.cursor,
  });
  return { data: out.items.map(ledgerView), nextCursor: out.cursor ?? null };
}
