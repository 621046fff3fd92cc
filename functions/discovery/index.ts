import { operation as agentCard } from './discovery_agent_card.js';
import { operation as openapi } from './discovery_openapi.js';

export const discoveryOperations = [agentCard, openapi];
