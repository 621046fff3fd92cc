import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the notifications domain: one file per operation (functions/notifications/<operationId>.ts). */
export const notificationOperations: AnyOperation[] = [];
