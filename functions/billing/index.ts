import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the billing domain: one file per operation (functions/billing/<operationId>.ts). */
export const billingOperations: AnyOperation[] = [];
