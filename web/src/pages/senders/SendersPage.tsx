import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { connectionInWords, SUSPENDED_REASON, type EmailAccount } from './senders-api';
import { StateBadge, VerdictBadge } from './VerdictBadge';

const PAGE_SIZE = 50;

/** The sender mailboxes: connection state, DNS verdict, whether suspended; each links to its page. */
export default function SendersPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const pages = useCursorPages();
  const list = useQuery({
    queryKey: workspaceKey(t, 'senders', 'accounts', { pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: EmailAccount[]; nextCursor: string | null }>('/api/email-accounts', { signal, query: { pageSize: PAGE_SIZE, cursor: pages.cursor } }),
    meta: { action: 'see sender mailboxes' },
  });
  return (
    <div className="page">
      <h1>Sender mailboxes</h1>
      <p className="actions">
        <Link to="/senders/connect">Connect a mailbox</Link>
        <Link to="/senders/tracking-domains">Tracking domains</Link>
        <Link to="/senders/deliverability">Deliverability matrix</Link>
      </p>
      <QueryState query={list} label="the sender mailboxes">
        {(page) =>
          page.data.length === 0 && pages.page === 1 ? (
            <p>
              No mailbox is connected yet. <Link to="/senders/connect">Connect one</Link> to send from it.
            </p>
          ) : (
            <>
              <div className="table-wrap">
                <table className="data">
                  <caption className="visually-hidden">Sender mailboxes</caption>
                  <thead>
                    <tr>
                      <th scope="col">Mailbox</th>
                      <th scope="col">State</th>
                      <th scope="col">Connection</th>
                      <th scope="col">DNS</th>
                      <th scope="col">Daily cap</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((a) => (
                      <tr key={a.id}>
                        <td>
                          <Link to={`/senders/${encodeURIComponent(a.id)}`}>{a.name}</Link>
                          <br />
                          <span className="muted">{a.email}</span>
                        </td>
                        <td>
                          {a.status === 'ACTIVE' ? (
                            <StateBadge tone="pass">Active</StateBadge>
                          ) : (
                            <>
                              <StateBadge tone="fail">Suspended</StateBadge>{' '}
                              <span className="muted">{SUSPENDED_REASON[a.suspendedReason ?? ''] ?? a.suspendedReason}</span>
                            </>
                          )}
                        </td>
                        <td>{connectionInWords(a.lastConnectionCheck)}</td>
                        <td>
                          <VerdictBadge label="DNS" verdict={a.dnsStatus} />
                          {a.dnsAcknowledgedAt && <span className="muted"> (acknowledged)</span>}
                        </td>
                        <td>{a.warmup ? `Warm-up up to ${a.warmup.maxPerDay}` : (a.dailyLimit ?? 'None')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
