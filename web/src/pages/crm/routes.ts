import type { AppRoute } from '../../app/route-types';

/**
 * CRM: companies (table, filter builder, company page), contacts, company and contact lists, custom fields, suppression and stop-list, DSAR requests.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const crmRoutes: AppRoute[] = [
  { path: 'companies', title: 'Companies', page: () => import('./CompaniesPage'), nav: { label: 'Companies', order: 1 } },
  { path: 'companies/:id', title: 'Company', page: () => import('./CompanyPage') },
  { path: 'company-lists', title: 'Company lists', page: () => import('./CompanyListsPage'), nav: { label: 'Company lists', order: 2 } },
  { path: 'company-lists/:id', title: 'Company list', page: () => import('./CompanyListPage') },
  { path: 'custom-fields', title: 'Custom fields', page: () => import('./CustomFieldsPage'), nav: { label: 'Custom fields', order: 5 } },
  { path: 'suppression', title: 'Suppression and stop-list', page: () => import('./SuppressionPage'), nav: { label: 'Suppression', order: 6 } },
];
