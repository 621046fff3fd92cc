import '../../shared/runtime/polyfills.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createMcpHandler } from '../../shared/mcp/handler.js';
import { lambdaDeps } from '../../infra/aws/runtime/aws-deps.js';
import { operations } from '../registry.js';

const mcp = createMcpHandler({ deps: lambdaDeps, operations: () => operations });

/** The MCP handler proper, loaded by `mcp.ts` (see there why it is loaded lazily). */
export async function handle(event: APIGatewayProxyEventV2) {
  // The function cannot be given its own URL at deploy time (a cycle), so it learns it from the first
  // request; the agent guide served over MCP then names the right address.
  const { config } = await lambdaDeps();
  if (!config.mcpUrl && event.requestContext?.domainName && config.mode === 'aws') config.mcpUrl = `https://${event.requestContext.domainName}/mcp`;
  return mcp(event);
}
