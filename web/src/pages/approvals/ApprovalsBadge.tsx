import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useWorkspace } from '../../app/workspace';
import { approvalsQuery, BADGE_POLL_MS } from './approvals-api';

/**
 * The count beside "Approvals" in the navigation; polled every 30 s at most, refreshed at once by the
 * page's approve and reject. With `link` (the header, while the navigation is collapsed) it is a link to
 * the queue, shown only when something waits.
 */
export function ApprovalsBadge({ link }: { link?: { to: string; label: string } }) {
  const { workspace } = useWorkspace();
  const queue = useQuery({ ...approvalsQuery(workspace.tenantId), refetchInterval: BADGE_POLL_MS });
  const count = queue.data?.count;
  if (count === undefined || (link && count === 0)) return null;
  const badge = (
    <span className={count > 0 ? 'nav-badge nav-badge-due' : 'nav-badge'}>
      {count}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
  if (!link) return badge;
  return (
    <Link to={link.to} className="header-badge-link">
      <span className="visually-hidden">{link.label}: </span>
      {badge}
    </Link>
  );
}
