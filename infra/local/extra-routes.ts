import type { Deps } from '../../shared/platform/runtime/deps.js';
import { limits } from '../../shared/platform/limits/limits.js';
import type { LocalRoute } from './router.js';
import { webAppRoute } from './web-app.js';

/**
 * Non-registry Lambda functions the local runtime also serves (the MCP function URL, the console),
 * each mounted with the same Lambda handler that is deployed, and the web app's files (S3 and
 * CloudFront when deployed).
 */
export async function extraRoutes(deps: Deps): Promise<LocalRoute[]> {
  const { mcpHandler } = await import('../../functions/mcp/mcp.js');
  const mcp = mcpHandler(async () => deps);
  const { handler: consolePage } = await import('../../functions/console/console_page.js');
  return [
    { method: '*', path: '/mcp', routeKey: 'ANY /mcp', maxBodyBytes: limits().apiBodyBytes, handler: mcp },
    { method: 'GET', path: '/console/*', routeKey: 'GET /console/{proxy+}', maxBodyBytes: 0, handler: consolePage },
    webAppRoute(),
  ];
}
