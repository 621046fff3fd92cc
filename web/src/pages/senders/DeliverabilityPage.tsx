import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import type { Matrix, MatrixCell } from './senders-api';

const PROVIDER_NAMES: Record<string, string> = {
  gmail: 'Gmail',
  microsoft: 'Microsoft',
  yahoo: 'Yahoo',
  yandex: 'Yandex',
  mailru: 'Mail.ru',
  other: 'Other',
};

const percent = (rate: number | null) => (rate === null ? 'no placement data' : `${Math.round(rate * 100)} % inbox`);

/** Deliverability per sender mailbox × recipient provider: sends and their outcomes, inbox placement. */
export default function DeliverabilityPage() {
  const { workspace } = useWorkspace();
  const matrix = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'senders', 'deliverability'),
    queryFn: ({ signal }) => api.get<Matrix>('/api/deliverability/matrix', { signal }),
    meta: { action: 'see deliverability' },
  });
  return (
    <div className="page">
      <h1>Deliverability</h1>
      <p className="lead">
        Each cell: sent, delivered, bounced and replied messages from that mailbox to recipients of that provider (by their MX), and the inbox placement
        measured by placement tests.
      </p>
      <QueryState query={matrix} label="the deliverability matrix">
        {(m) =>
          m.rows.length === 0 ? (
            <p>
              No sender mailbox yet. <Link to="/senders/connect">Connect one</Link>.
            </p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Deliverability matrix, scrolls sideways">
              <table className="data">
                <caption className="visually-hidden">Deliverability per sender mailbox and recipient provider</caption>
                <thead>
                  <tr>
                    <th scope="col">Mailbox</th>
                    {m.providers.map((p) => (
                      <th scope="col" key={p}>
                        {PROVIDER_NAMES[p] ?? p}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {m.rows.map((r) => (
                    <tr key={r.accountId}>
                      <th scope="row">
                        <Link to={`/senders/${encodeURIComponent(r.accountId)}`}>{r.email}</Link>
                      </th>
                      {m.providers.map((p) => (
                        <td key={p}>
                          <Cell cell={r.providers[p]} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <p>
        <Link to="/senders">All sender mailboxes</Link>
      </p>
    </div>
  );
}

function Cell({ cell }: { cell: MatrixCell | undefined }) {
  if (!cell || cell.sent + cell.inbox + cell.spam + cell.missing === 0) return <span className="muted">nothing yet</span>;
  return (
    <>
      {cell.sent} sent, {cell.delivered} delivered, {cell.bounced} bounced, {cell.replied} replied
      <br />
      <span className="muted">
        {percent(cell.inboxRate)}
        {cell.inboxRate !== null && ` (${cell.inbox} inbox, ${cell.spam} spam, ${cell.missing} missing)`}
      </span>
    </>
  );
}
