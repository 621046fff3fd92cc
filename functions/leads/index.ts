import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the leads domain: one file per operation (functions/leads/<operationId>.ts). */
export const leadOperations: AnyOperation[] = [];
