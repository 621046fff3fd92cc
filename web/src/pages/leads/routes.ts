import type { AppRoute } from '../../app/route-types';

/**
 * Leads: pipelines and stages as a kanban board, interest, dossier, automations.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const leadsRoutes: AppRoute[] = [
  { path: 'leads', title: 'Leads', page: () => import('./LeadsBoardPage'), nav: { label: 'Board', order: 1 } },
  { path: 'leads/pipelines', title: 'Pipelines', page: () => import('./PipelinesPage'), nav: { label: 'Pipelines', order: 2 } },
  { path: 'leads/pipelines/:id', title: 'Pipeline', page: () => import('./PipelinePage') },
  { path: 'leads/:id', title: 'Lead', page: () => import('./LeadDossierPage') },
];
