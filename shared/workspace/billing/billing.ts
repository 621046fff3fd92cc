import { AppError, badRequest, isAppError, notFound, paymentRequired } from '../../platform/errors.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { applyEntry, Insufficient, ledgerView } from './ledger.js';
import { CURRENCY, isBilledOperation, PRICES, toAmount, toMicros, type BilledOperation } from './prices.js';
import { Balance } from './entities.js';

/** The `_billing` block every paid response carries. */
export interface BillingBlock {
  operation: string;
  cost: number;
  currency: string;
  balance_after: number;
}

/**
 * The dashboard's billing page for a tenant (there is no top-up API): balance, ledger and how a top-up
 * is applied (functions/console/billing-assets.ts).
 */
export const topUpUrl = (deps: Deps, tenantId: string) => `${deps.config.publicBaseUrl}/console/billing?tenant=${encodeURIComponent(tenantId)}`;

/**
 * Charges a tenant for `quantity` units of a billed operation, atomically (balance >= cost condition and
 * the ledger entry in one transaction), and returns the `_billing` block. Throws 402
 * `{statusCode:402, error:'insufficient_balance', message, topUpUrl}` when the balance does not cover it.
 */
export async function charge(
  deps: Deps,
  tenantId: string,
  operation: BilledOperation,
  quantity = 1,
  opts: { refId?: string; note?: string; onceKey?: string } = {},
): Promise<BillingBlock> {
  if (!isBilledOperation(operation)) throw new Error(`no price for ${operation}: add it to shared/workspace/billing/prices.ts`);
  if (!Number.isInteger(quantity) || quantity < 0) throw new Error(`charge quantity must be a non-negative integer, got ${quantity}`);
  const costMicros = PRICES[operation].unitMicros * quantity;
  if (costMicros === 0) {
    const item = await deps.platform.get<{ balanceMicros?: number }>(Balance.key({ tenantId }));
    return { operation, cost: 0, currency: CURRENCY, balance_after: toAmount(item?.balanceMicros ?? 0) };
  }
  try {
    const entry = await applyEntry(
      deps,
      tenantId,
      -costMicros,
      { type: 'charge', operation, quantity, refId: opts.refId, note: opts.note },
      { onceKey: opts.onceKey },
    );
    // From the entry: with a once-key a repeat answers the first call's entry, whatever it asked now.
    return { operation, cost: toAmount(-entry.amountMicros), currency: CURRENCY, balance_after: toAmount(entry.balanceAfterMicros) };
  } catch (e) {
    if (e instanceof Insufficient) throw insufficientBalance(deps, tenantId, operation, costMicros, e.balanceMicros);
    throw e;
  }
}

/**
 * Gives back `quantity` units of a charge whose work did not happen (a mail the relay refused or never
 * took). Once per `onceKey`: a repeat credits nothing more.
 */
export async function refundCharge(
  deps: Deps,
  tenantId: string,
  operation: BilledOperation,
  quantity: number,
  opts: { onceKey: string; refId?: string; note: string },
) {
  if (PRICES[operation].unitMicros * quantity <= 0) return;
  await applyEntry(
    deps,
    tenantId,
    PRICES[operation].unitMicros * quantity,
    { type: 'credit', operation, quantity, refId: opts.refId, note: opts.note },
    { onceKey: opts.onceKey },
  );
}

export function insufficientBalance(deps: Deps, tenantId: string, operation: string, costMicros: number, balanceMicros: number) {
  const cost = toAmount(costMicros);
  const balance = toAmount(balanceMicros);
  return paymentRequired({
    statusCode: 402,
    error: 'insufficient_balance',
    message: `Insufficient balance: ${operation} costs ${cost} ${CURRENCY} and the balance is ${balance} ${CURRENCY}. Top up in the dashboard.`,
    topUpUrl: topUpUrl(deps, tenantId),
    operation,
    cost,
    currency: CURRENCY,
    balance,
  });
}

/** True for the 402 `insufficient_balance` error (the campaign conveyor pauses on it). */
export const isInsufficientBalance = (e: unknown): e is AppError => isAppError(e) && e.status === 402 && e.body?.error === 'insufficient_balance';

/**
 * One AI helper call whose provider answered: `ai_generation` × 1, after the answer (a failed call costs nothing).
 * With `onceKey` a repeat of the same work (a re-synced message) is charged once.
 */
export const chargeAiCall = (deps: Deps, tenantId: string, refId: string, onceKey?: string) =>
  charge(deps, tenantId, 'ai_generation', 1, { refId, ...(onceKey ? { onceKey } : {}) });

/** Whether the balance covers `quantity` units now (one read; the charge after the work is what holds). */
export async function balanceCovers(deps: Deps, tenantId: string, operation: BilledOperation, quantity = 1): Promise<{ ok: boolean; balanceMicros: number }> {
  const item = await deps.platform.get<{ balanceMicros?: number }>(Balance.key({ tenantId }));
  const balanceMicros = item?.balanceMicros ?? 0;
  return { ok: balanceMicros >= PRICES[operation].unitMicros * quantity, balanceMicros };
}

/**
 * The 402 before paid work starts: an AI provider is not called for an answer the balance cannot pay
 * for. The charge still follows the answer (and a race to a short balance is the charge's own 402).
 */
export async function requireBalanceFor(deps: Deps, tenantId: string, operation: BilledOperation, quantity = 1) {
  const { ok, balanceMicros } = await balanceCovers(deps, tenantId, operation, quantity);
  if (!ok) throw insufficientBalance(deps, tenantId, operation, PRICES[operation].unitMicros * quantity, balanceMicros);
}

/** Adds `_billing` to a handler result. */
export const withBilling = <T extends object>(result: T, billing: BillingBlock) => ({ ...result, _billing: billing });

export const MAX_CREDIT = 1_000_000;

/**
 * Platform admin top-up (exposed by the admin API; tenants have no top-up API). `amount` is in
 * currency units (> 0, at most 6 decimals, up to MAX_CREDIT); the ledger records note and actor.
 * Unknown tenant: 404 Tenant not found.
 */
export async function credit(deps: Deps, tenantId: string, amount: number, note: string, actor: string) {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > MAX_CREDIT || toMicros(amount) <= 0) {
    throw badRequest([`amount must be a positive number not greater than ${MAX_CREDIT}`]);
  }
  try {
    const entry = await applyEntry(
      deps,
      tenantId,
      toMicros(amount),
      { type: 'credit', operation: 'credit', quantity: 1, note, actor },
      { requireTenant: true },
    );
    return { tenantId, ...ledgerView(entry), balance_after: toAmount(entry.balanceAfterMicros) };
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Tenant');
    throw e;
  }
}

/** Tenant initializer: every tenant starts with a zero balance. */
export async function initBalance(deps: Deps, tenantId: string) {
  const at = new Date(deps.clock.now()).toISOString();
  try {
    await deps.platform.put(Balance.item({ tenantId }, { tenantId, balanceMicros: 0, version: 0, currency: CURRENCY, updatedAt: at }), {
      expression: 'attribute_not_exists(pk)',
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
}
