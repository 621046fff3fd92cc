import type { AnyOperation } from './operation.js';
import { openApiPaths, type OpenApiPaths } from './openapi.js';
import { agentCardEntries, type AgentCardEntries } from './agent-card.js';
import { guideTools } from '../agent/guide.js';

/**
 * What the agent card, the OpenAPI document and the agent guide take from the operation registry. A
 * Lambda never imports the registry for it (that would bundle every operation, ~5 MB): the build
 * writes this as JSON (DISCOVERY_DATA_FILE) beside the bundles of functions declaring the resource `discoveryData`
 * (infra/aws/discovery-data.ts), and the function reads it (discovery-data-file.ts). The local runtime computes it from the
 * registry it has loaded anyway. The URLs and limits are filled in at run time.
 */
export interface DiscoveryData {
  openapiPaths: OpenApiPaths;
  cardEntries: AgentCardEntries;
  guideTools: string[];
}

export function discoveryDataOf(operations: AnyOperation[]): DiscoveryData {
  return { openapiPaths: openApiPaths(operations), cardEntries: agentCardEntries(operations), guideTools: guideTools(operations) };
}
