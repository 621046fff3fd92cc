import type { AnyOperation } from '../../shared/platform/registry/operation.js';

/** Operations of the console domain: one file per operation (functions/console/<operationId>.ts). */
export const consoleOperations: AnyOperation[] = [];
