/**
 * Tenant-table keys of import dedupe markers (owned by the import code: single creates never dedupe).
 * - marker: COMPANYKEY#<kind>#<value> / COMPANYKEY  → {companyId}: the company that holds this domain or INN.
 *   Written with attribute_not_exists (or replacing a marker whose company is gone), never read-then-write.
 */
export type DedupeKind = 'domain' | 'inn';

export const ImportKeys = {
  companyMarker: (kind: DedupeKind, value: string) => ({ pk: `COMPANYKEY#${kind}#${value}`, sk: 'COMPANYKEY' }),
};

export const dedupeKey = (kind: DedupeKind, value: string) => `${kind}#${value}`;
export const markerOf = (key: string) => {
  const [kind, ...rest] = key.split('#');
  return ImportKeys.companyMarker(kind as DedupeKind, rest.join('#'));
};
