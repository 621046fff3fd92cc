/**
 * Platform-table keys of balances and the billing ledger, declared once. They share the tenant's
 * partition (TENANT#<id>): one balance item with a version counter, and ledger entries whose sort key
 * is that version, so the ledger is append-only and ordered and a sequence number is never reused.
 */
export const BillingKeys = {
  balance: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, sk: 'BALANCE' }),
  ledgerEntry: (tenantId: string, seq: number) => ({ pk: `TENANT#${tenantId}`, sk: `LEDGER#${String(seq).padStart(12, '0')}` }),
  ledgerPrefix: 'LEDGER#',
};
