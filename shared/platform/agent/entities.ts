import { defineEntity } from '../data/entity.js';

/** A campaign sender capability receipt, by the SHA-256 of the token (the token itself is never stored). */
export const CapabilityReceipt = defineEntity({
  entity: 'capability_receipt',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'CAPRECEIPT#${receiptHash}', sk: 'CAPRECEIPT' } },
});
