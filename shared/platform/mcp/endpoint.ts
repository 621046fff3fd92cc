import type { Config } from '../runtime/config.js';

/**
 * Where the MCP server is: `/mcp` on the local runtime; in AWS its own Lambda function URL, which the
 * CDK stack passes to the functions that publish it (agent card, agent guide) as `MCP_URL`.
 */
export function mcpEndpoint(config: Pick<Config, 'publicBaseUrl' | 'mcpUrl'>) {
  const url = (config.mcpUrl || `${config.publicBaseUrl}/mcp`).replace(/\/+$/, '');
  return { url, transport: 'streamable-http' as const, stateless: true, toolPrefix: 'svc_' };
}
