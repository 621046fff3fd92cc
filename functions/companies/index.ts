import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the companies domain: one file per operation (functions/companies/<operationId>.ts). */
export const companyOperations: AnyOperation[] = [];
