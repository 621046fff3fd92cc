import type { AppRoute } from '../../app/route-types';

/**
 * Enrichment and scoring: crawl (site-enrichment) tasks with their live funnel, pace, reasons, event log
 * and per-company results; scoring tasks with steps, outcomes and results.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const enrichmentRoutes: AppRoute[] = [
  { path: 'enrichment', title: 'Site crawls', page: () => import('./CrawlTasksPage'), nav: { label: 'Site crawls', order: 1 } },
  { path: 'enrichment/:taskId', title: 'Site crawl', page: () => import('./CrawlTaskPage') },
  { path: 'scoring', title: 'Scoring tasks', page: () => import('./ScoringTasksPage'), nav: { label: 'Scoring', order: 2 } },
  { path: 'scoring/:taskId', title: 'Scoring task', page: () => import('./ScoringTaskPage') },
];
