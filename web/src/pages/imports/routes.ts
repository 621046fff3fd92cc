import type { AppRoute } from '../../app/route-types';

/**
 * Imports: upload, preview and mapping, the live progress of an import job, its summary and rejected rows.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const importsRoutes: AppRoute[] = [
  { path: 'imports', title: 'Import', page: () => import('./ImportPage'), nav: { label: 'Import a file', order: 1 } },
  { path: 'imports/jobs', title: 'Import jobs', page: () => import('./ImportJobsPage'), nav: { label: 'Import jobs', order: 2 } },
  { path: 'imports/jobs/:jobId', title: 'Import job', page: () => import('./ImportJobPage') },
];
