import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the audience domain: one file per operation (functions/audience/<operationId>.ts). */
export const audienceOperations: AnyOperation[] = [];
