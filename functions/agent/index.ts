import type { AnyOperation } from '../../shared/registry/operation.js';

/** Operations of the agent domain: one file per operation (functions/agent/<operationId>.ts). */
export const agentOperations: AnyOperation[] = [];
