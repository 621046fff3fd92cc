import '../../shared/runtime/polyfills.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createMcpHandler } from '../../shared/mcp/handler.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { operations } from '../registry.js';

setDepsFactory(() => awsDeps());

const mcp = createMcpHandler({ deps: getDeps, operations: () => operations });

/** The MCP handler proper, loaded by `mcp.ts` (see there why it is loaded lazily). */
export async function handle(event: APIGatewayProxyEventV2) {
  // The function cannot be given its own URL at deploy time (a cycle), so it learns it from the first
  // request; the agent guide served over MCP then names the right address.
  if (!process.env.MCP_URL && event.requestContext?.domainName && (await getDeps()).config.mode === 'aws') {
    process.env.MCP_URL = `https://${event.requestContext.domainName}/mcp`;
  }
  return mcp(event);
}
