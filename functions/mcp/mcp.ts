import '../../shared/platform/runtime/polyfills.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaDeps } from '../../infra/aws/runtime/aws-deps.js';
import type { ToolCatalog } from '../../shared/platform/mcp/catalog.js';
import { catalogBeside } from '../../shared/platform/mcp/catalog-file.js';
import { createMcpHandler } from '../../shared/platform/mcp/handler.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { withLogScope } from '../../shared/platform/runtime/logger.js';
import { loadOperation } from './operation-modules.js';

/**
 * The MCP server's Lambda (behind its own function URL in AWS, at `/mcp` in the local runtime): every
 * registry operation as a tool `svc_<operationId>`, run through the same pipeline as HTTP.
 *
 * It never imports the registry: tools/list and svc_tools_search answer from the catalogue entries
 * the build writes beside the bundle, and a tool call loads its one operation (operation-modules.ts),
 * a chunk of its own in the function's code-split bundle (infra/aws/mcp-bundle.ts). So a cold start
 * evaluates the MCP server, the pipeline and the composition root, not the ~300 operations and their
 * libraries. test/infra/mcp-bundle.test.ts builds the function as deployed and calls it.
 */
export function mcpHandler(depsOf: () => Promise<Deps> = lambdaDeps, catalog: ToolCatalog = catalogBeside(import.meta.url, loadOperation)) {
  const mcp = createMcpHandler({ deps: depsOf, catalog });
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    // The function cannot be given its own URL at deploy time (a cycle), so it learns it from the first
    // request; the agent guide served over MCP then names the right address.
    const { config } = await depsOf();
    if (!config.mcpUrl && event.requestContext?.domainName && config.mode === 'aws') config.mcpUrl = `https://${event.requestContext.domainName}/mcp`;
    // Its own lines (transport errors) at the function's level; each tool call opens its request scope inside.
    return withLogScope({ level: config.logLevel }, () => mcp(event));
  };
}

/** The deployed function's entry. */
export const handler = mcpHandler();
