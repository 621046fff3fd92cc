import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Deps } from '../../shared/platform/runtime/deps.js';

/**
 * The MCP server's Lambda (behind its own function URL in AWS, at `/mcp` in the local runtime): every
 * registry operation as a tool `svc_<operationId>`, run through the same pipeline as HTTP.
 *
 * Everything is loaded through one dynamic import on purpose: in the esbuild ESM bundle the registry is
 * also reached by dynamic imports (discovery, agent guide), which makes esbuild initialize zod lazily,
 * and the MCP SDK's top-level schemas (`import * as z from 'zod/v4'`) would then run before zod is
 * initialized ("Class is not a constructor" at cold start). Loaded lazily, the SDK is initialized in
 * order too. test/infra/mcp-bundle.test.ts bundles this entry and calls it.
 */
let loading: Promise<typeof import('./mcp-handler.js')> | undefined;

/** The MCP handler over `depsOf` (the embedded runtime's deps); without it, the function's own (built from the environment). */
export function mcpHandler(depsOf?: () => Promise<Deps>) {
  let handle: ((event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>) | undefined;
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    loading ??= import('./mcp-handler.js');
    handle ??= (await loading).mcpLambda(depsOf);
    return handle(event);
  };
}

/** The deployed function's entry. */
export const handler = mcpHandler();
