import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the connectors domain: one file per operation (functions/connectors/<operationId>.ts). */
export const connectorOperations: AnyOperation[] = [];
