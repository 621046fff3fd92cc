import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the contacts domain: one file per operation (functions/contacts/<operationId>.ts). */
export const contactOperations: AnyOperation[] = [];
