import '../../shared/platform/runtime/polyfills.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createMcpHandler } from '../../shared/platform/mcp/handler.js';
import { lambdaDeps } from '../../infra/aws/runtime/aws-deps.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { withLogScope } from '../../shared/platform/runtime/logger.js';
import { operations } from '../registry.js';

/** The MCP handler proper over `depsOf` (default: the function's composition root), loaded by `mcp.ts` (see there why lazily). */
export function mcpLambda(depsOf: () => Promise<Deps> = lambdaDeps) {
  const mcp = createMcpHandler({ deps: depsOf, operations: () => operations });
  return async (event: APIGatewayProxyEventV2) => {
    // The function cannot be given its own URL at deploy time (a cycle), so it learns it from the first
    // request; the agent guide served over MCP then names the right address.
    const { config } = await depsOf();
    if (!config.mcpUrl && event.requestContext?.domainName && config.mode === 'aws') config.mcpUrl = `https://${event.requestContext.domainName}/mcp`;
    // Its own lines (transport errors) at the function's level; each tool call opens its request scope inside.
    return withLogScope({ level: config.logLevel }, () => mcp(event));
  };
}
