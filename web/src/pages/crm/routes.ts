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
  { path: 'contacts', title: 'Contacts', page: () => import('./ContactsPage'), nav: { label: 'Contacts', order: 3 } },
  { path: 'contacts/:id', title: 'Contact', page: () => import('./ContactPage') },
  { path: 'contact-lists', title: 'Contact lists', page: () => import('./ContactListsPage'), nav: { label: 'Contact lists', order: 4 } },
  { path: 'contact-lists/:id', title: 'Contact list', page: () => import('./ContactListPage') },
  { path: 'custom-fields', title: 'Custom fields', page: () => import('./CustomFieldsPage'), nav: { label: 'Custom fields', order: 5 } },
  { path: 'suppression', title: 'Suppression and stop-list', page: () => import('./SuppressionPage'), nav: { label: 'Suppression', order: 6 } },
  { path: 'dsar', title: 'Data-subject requests', page: () => import('./DsarPage'), nav: { label: 'Data-subject requests', order: 7 } },
];
