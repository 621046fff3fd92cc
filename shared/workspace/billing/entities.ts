import { defineEntity } from '../../platform/data/entity.js';

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

/**
 * A charge or credit that must happen at most once (a block of prepaid sends, its refund): written in
 * the entry's transaction with attribute_not_exists, so a retry after a crash finds it and does not
 * move the balance again. Holds the entry's seq and amount.
 */
export const BillingOnce = defineEntity({
  entity: 'billing_once',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'TENANT#${tenantId}', sk: 'ONCE#${onceKey}' } },
});

export const ledgerSeq = (seq: number) => String(seq).padStart(12, '0');
