import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the admin domain: one file per operation (functions/admin/<operationId>.ts). */
export const adminOperations: AnyOperation[] = [];
