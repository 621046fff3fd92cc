import type { AppRoute } from '../../app/route-types';

/** Members: the workspace's members and invitations, with role-aware controls. */
export const membersRoutes: AppRoute[] = [{ path: 'members', title: 'Members', page: () => import('./MembersPage'), nav: { label: 'Members' } }];
