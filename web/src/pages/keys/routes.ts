import type { AppRoute } from '../../app/route-types';

/** Keys and agents: API keys with narrower scopes, last use, revocation; the MCP URL and client configuration. */
export const keysRoutes: AppRoute[] = [{ path: 'keys', title: 'Keys and agents', page: () => import('./KeysPage'), nav: { label: 'API keys and MCP' } }];
