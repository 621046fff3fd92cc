import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as guide } from './agent_guide_get.js';
import { operation as senderCapability } from './agent_guide_sender_capability.js';

/** Operations of the agent domain: one file per operation (functions/agent/<operationId>.ts). */
export const agentOperations: AnyOperation[] = [guide, senderCapability];
