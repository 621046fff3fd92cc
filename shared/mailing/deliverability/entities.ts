import { defineEntity } from '../../platform/data/entity.js';

/** Counters per sender account × recipient provider (tenant table), one partition for the whole matrix. */
export const DeliverabilityCell = defineEntity({
  entity: 'deliverability_cell',
  formerly: 'deliverabilityCell',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'DLVMATRIX', sk: '${accountId}#${provider}' } },
});
