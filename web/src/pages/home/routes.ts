import type { AppRoute } from '../../app/route-types';

/** The landing page of a signed-in person. */
export const homeRoutes: AppRoute[] = [{ path: '', title: 'Overview', page: () => import('./DashboardPage'), nav: { label: 'Overview' } }];
