import type { AppRoute } from '../../app/route-types';
import { ApprovalsBadge } from './ApprovalsBadge';

/** Approvals: one queue of what waits for a person (tasks to approve, creatives to moderate, blocked campaigns and those a send gate holds). */
export const approvalsRoutes: AppRoute[] = [
  { path: 'approvals', title: 'Approvals', page: () => import('./ApprovalsPage'), nav: { label: 'Approvals', order: 1, badge: ApprovalsBadge } },
];
