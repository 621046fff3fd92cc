import type { AppRoute } from '../../app/route-types';

/** Members: the workspace's members and invitations, with role-aware controls; the invitation email's link lands on `invite`. */
export const membersRoutes: AppRoute[] = [
  { path: 'members', title: 'Members', page: () => import('./MembersPage'), nav: { label: 'Members' } },
  { path: 'invite', title: 'Workspace invitation', page: () => import('./InvitePage') },
];
