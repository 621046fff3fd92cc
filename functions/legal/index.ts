import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the legal domain: one file per operation (functions/legal/<operationId>.ts). */
export const legalOperations: AnyOperation[] = [];
