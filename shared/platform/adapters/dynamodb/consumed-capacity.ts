import { currentCostStep } from '../../runtime/cost-step.js';

/**
 * Running totals of consumed capacity units (ReturnConsumedCapacity TOTAL), read by the benchmarks,
 * also per item kind (`byKind`: the key's pk and sk prefixes, e.g. `TASK/ITEM`, or `batch`/`tx`/`query`),
 * so a bench can say which writes a path pays for.
 */
export const consumedCapacity = {
  read: 0,
  write: 0,
  /** Transactions cancelled by TransactionConflict (another transaction held one of the items) and retried. */
  conflictRetries: 0,
  byKind: {} as Record<string, { read: number; write: number; calls: number }>,
  /** The same per step of the caller (`costStep`, shared/platform/runtime/cost-step.ts) and item kind: `<step>|<kind>`. */
  byStepKind: {} as Record<string, { read: number; write: number; calls: number }>,
};

export function recordCapacity(
  c: { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number } | undefined,
  kind: 'read' | 'write',
  itemKind = 'other',
) {
  if (!c) return;
  const units = kind === 'read' ? (c.ReadCapacityUnits ?? c.CapacityUnits ?? 0) : (c.WriteCapacityUnits ?? c.CapacityUnits ?? 0);
  consumedCapacity[kind] += units;
  const row = (consumedCapacity.byKind[itemKind] ??= { read: 0, write: 0, calls: 0 });
  row[kind] += units;
  row.calls++;
  const byStep = (consumedCapacity.byStepKind[`${currentCostStep() ?? 'other'}|${itemKind}`] ??= { read: 0, write: 0, calls: 0 });
  byStep[kind] += units;
  byStep.calls++;
}

/** A key part's kind: its upper-case prefix (`TASK#x` → `TASK`); a bare value (a timestamp, an id) is `*`. */
const prefixOf = (part: unknown) => {
  const prefix = String(part ?? '').split('#')[0];
  return /^[A-Z][A-Z0-9_]*$/.test(prefix) ? prefix : '*';
};

/** `TASK#x` / `ITEM#y` → `TASK/ITEM`: the kind of item a key addresses (`SERAW/*` for a sort key that is a bare timestamp). */
export const kindOfKey = (key: { pk?: unknown; sk?: unknown } | undefined) => (key ? `${prefixOf(key.pk)}/${prefixOf(key.sk)}` : 'other');

export function resetCapacity() {
  consumedCapacity.read = 0;
  consumedCapacity.write = 0;
  consumedCapacity.conflictRetries = 0;
  consumedCapacity.byKind = {};
  consumedCapacity.byStepKind = {};
}
