import type { AppRoute } from '../../app/route-types';

/**
 * Members: the workspace's members and invitations, with role-aware controls.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const membersRoutes: AppRoute[] = [];
