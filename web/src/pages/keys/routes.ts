import type { AppRoute } from '../../app/route-types';

/**
 * Keys and agents: API keys with narrower scopes, last use, revocation; the MCP URL and client configuration.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const keysRoutes: AppRoute[] = [];
