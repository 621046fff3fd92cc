import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the webhooks domain: one file per operation (functions/webhooks/<operationId>.ts). */
export const webhookOperations: AnyOperation[] = [];
