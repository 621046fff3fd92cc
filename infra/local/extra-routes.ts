import type { Deps } from '../../shared/platform/runtime/deps.js';
import { limits } from '../../shared/platform/limits/limits.js';
import { catalogOf } from '../../shared/platform/mcp/catalog.js';
import type { LocalRoute } from './router.js';
import { webAppRoute } from './web-app.js';

/**
 * Non-registry Lambda functions the local runtime also serves (the MCP function URL, the console),
 * each mounted with the same Lambda handler that is deployed, and the web app's files (S3 and
 * CloudFront when deployed).
 */
export async function extraRoutes(deps: Deps): Promise<LocalRoute[]> {
  const { mcpHandler } = await import('../../functions/mcp/mcp.js');
  // The same handler as deployed over the registry this process has loaded (in AWS: the build's catalogue).
  const { operations } = await import('../../functions/registry.js');
  const mcp = mcpHandler(async () => deps, catalogOf(operations));
  const { handler: consolePage } = await import('../../functions/console/console_page.js');
  return [
    { method: '*', path: '/mcp', routeKey: 'ANY /mcp', maxBodyBytes: limits().apiBodyBytes, handler: mcp },
    { method: 'GET', path: '/console/*', routeKey: 'GET /console/{proxy+}', maxBodyBytes: 0, handler: consolePage },
    webAppRoute(),
  ];
}
