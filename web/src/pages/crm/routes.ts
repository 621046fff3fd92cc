import type { AppRoute } from '../../app/route-types';

/**
 * CRM: companies (table, filter builder, company page), contacts, company and contact lists, custom fields, suppression and stop-list, DSAR requests.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const crmRoutes: AppRoute[] = [];
