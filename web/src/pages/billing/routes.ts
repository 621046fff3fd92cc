import type { AppRoute } from '../../app/route-types';

/**
 * Billing: balance, the ledger, the _billing cost of recent actions, how a top-up is applied (the 402 banner links to the page at path 'billing').
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const billingRoutes: AppRoute[] = [];
