import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the auth domain: one file per operation (functions/auth/<operationId>.ts). */
export const authOperations: AnyOperation[] = [];
