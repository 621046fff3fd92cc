import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as balanceGet } from './billing_balance_get.js';
import { operation as ledgerList } from './billing_ledger_list.js';

/** Operations of the billing domain: one file per operation (functions/billing/<operationId>.ts). */
export const billingOperations: AnyOperation[] = [balanceGet, ledgerList];
