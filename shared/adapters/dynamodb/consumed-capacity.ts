/** Running totals of consumed capacity units (ReturnConsumedCapacity TOTAL), read by the benchmarks. */
export const consumedCapacity = { read: 0, write: 0 };

export function recordCapacity(c: { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number } | undefined, kind: 'read' | 'write') {
  if (!c) return;
  const units = kind === 'read' ? (c.ReadCapacityUnits ?? c.CapacityUnits ?? 0) : (c.WriteCapacityUnits ?? c.CapacityUnits ?? 0);
  consumedCapacity[kind] += units;
}

export function resetCapacity() {
  consumedCapacity.read = 0;
  consumedCapacity.write = 0;
}
