import { defineEntity } from '../data/entity.js';

/**
 * Platform-table entities of balances and the billing ledger. They share the tenant's partition
 * (TENANT#<id>): one balance item with a version counter, and ledger entries whose sort key is that
 * version, so the ledger is append-only and ordered and a sequence number is never reused.
 */
export const Balance = defineEntity({
  entity: 'balance',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'TENANT#${tenantId}', sk: 'BALANCE' } },
});

/** `seq` is zero-padded to 12 digits (ledgerSeq) so the sort key orders numerically. */
export const LedgerEntry = defineEntity({
  entity: 'ledger_entry',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'TENANT#${tenantId}', sk: 'LEDGER#${seq}' } },
});

export const ledgerSeq = (seq: number) => String(seq).padStart(12, '0');
