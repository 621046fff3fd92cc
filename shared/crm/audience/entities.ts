import { defineEntity } from '../../platform/data/entity.js';

/** Tenant-table entities of audience hygiene. */

/**
 * A suppressed address or domain. `hash` = SHA-256 hex of the normalised address, or of `@<domain>`
 * for a domain entry, so every look-up is by hash and an erased address is stored as its hash alone.
 */
export const Suppression = defineEntity({
  entity: 'suppression',
  formerly: 'SUPPRESSION',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'SUPPRESSION#${hash}', sk: 'SUPPRESSION' },
    all: { index: 'gsi1', pk: 'SUPPRESSIONS', sk: '${createdAt}#${hash}' },
  },
});

/** A stop-list entry; `stopId` = `domain:<domain>` or `company:<companyId>`. */
export const StopListEntry = defineEntity({
  entity: 'stoplist',
  formerly: 'STOPLIST',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'STOPLIST#${stopId}', sk: 'STOPLIST' },
    all: { index: 'gsi1', pk: 'STOPLIST', sk: '${createdAt}#${stopId}' },
  },
});

/** A data subject access request (export or erasure). */
export const DsarEntity = defineEntity({
  entity: 'dsar',
  formerly: 'DSAR',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'DSAR#${dsarId}', sk: 'DSAR' },
    all: { index: 'gsi1', pk: 'DSARS', sk: '${createdAt}#${dsarId}' },
  },
});
