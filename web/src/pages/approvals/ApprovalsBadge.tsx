import { useQuery } from '@tanstack/react-query';
import { useWorkspace } from '../../app/workspace';
import { approvalsQuery, BADGE_POLL_MS } from './approvals-api';

/** The count beside "Approvals" in the navigation; polled every 30 s at most, refreshed at once by the page's approve and reject. */
export function ApprovalsBadge() {
  const { workspace } = useWorkspace();
  const queue = useQuery({ ...approvalsQuery(workspace.tenantId), refetchInterval: BADGE_POLL_MS });
  const count = queue.data?.count;
  if (count === undefined) return null;
  return (
    <span className={count > 0 ? 'nav-badge nav-badge-due' : 'nav-badge'} data-testid="approvals-badge">
      {count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
