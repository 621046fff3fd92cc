import type { AppRoute } from '../../app/route-types';

/**
 * Mailing tasks: the list, the create wizard with the guardrail preview, and a task's page with
 * approval, start/pause/resume/cancel and live progress.
 */
export const tasksRoutes: AppRoute[] = [
  { path: 'tasks', title: 'Mailing tasks', page: () => import('./TasksPage'), nav: { label: 'Mailing tasks', order: 1 } },
  { path: 'tasks/new', title: 'New mailing task', page: () => import('./NewTaskPage'), nav: { label: 'New mailing task', order: 2 } },
  { path: 'tasks/:id', title: 'Mailing task', page: () => import('./TaskPage') },
];
