import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';

interface Balance {
  balance: number;
  currency: string;
  topUpUrl: string;
}
interface Pipeline {
  id: string;
  name: string;
  leadCount: number;
  stages: { id: string; name: string; leadCount: number }[];
}
interface CompanyRow {
  id: string;
  name: string;
  domain?: string | null;
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
};

/** The first page after sign-in: the workspace, its balance, its leads by pipeline, its newest companies. */
export default function DashboardPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  // Credits are applied by the operator elsewhere: coming back to the tab shows the current balance.
  const balance = useQuery({
    queryKey: workspaceKey(t, 'billing', 'balance'),
    queryFn: ({ signal }) => api.get<Balance>('/api/billing/balance', { signal }),
    refetchOnWindowFocus: 'always',
  });
  const pipelines = useQuery({
    queryKey: workspaceKey(t, 'leads', 'pipelines', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<{ data: Pipeline[] }>('/api/pipelines', { signal, query: { pageSize: 100 } }).then((r) => r.data),
  });
  const companies = useQuery({
    queryKey: workspaceKey(t, 'crm', 'companies', { pageSize: 5 }),
    queryFn: ({ signal }) => api.get<{ data: CompanyRow[]; nextCursor: string | null }>('/api/companies', { signal, query: { pageSize: 5 } }),
  });

  return (
    <div className="page">
      <h1>{workspace.name}</h1>
      <p className="lead">
        Your role: <strong>{workspace.role}</strong>
      </p>
      <div className="cards">
        <section className="card" aria-labelledby="balance-h">
          <h2 id="balance-h">Balance</h2>
          <QueryState query={balance} label="the balance">
            {(b) => (
              <>
                <p className="figure">{money(b.balance, b.currency)}</p>
                {b.balance <= 0 && <p>Paid actions (sending, AI, checks) need a positive balance.</p>}
              </>
            )}
          </QueryState>
        </section>
        <section className="card" aria-labelledby="leads-h">
          <h2 id="leads-h">Leads</h2>
          <QueryState query={pipelines} label="the pipelines">
            {(list) =>
              list.length === 0 ? (
                <p>No pipelines yet.</p>
              ) : (
                <ul className="plain">
                  {list.map((p) => (
                    <li key={p.id}>
                      {p.name}: <span className="figure-inline">{p.leadCount}</span> {p.leadCount === 1 ? 'lead' : 'leads'}
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </section>
        <section className="card" aria-labelledby="companies-h">
          <h2 id="companies-h">Companies</h2>
          <QueryState query={companies} label="the companies">
            {(page) =>
              page.data.length === 0 ? (
                <p>No companies yet.</p>
              ) : (
                <>
                  <ul className="plain">
                    {page.data.map((c) => (
                      <li key={c.id}>
                        {c.name}
                        {c.domain ? <span className="muted"> · {c.domain}</span> : null}
                      </li>
                    ))}
                  </ul>
                  {page.nextCursor && <p className="muted">and more</p>}
                </>
              )
            }
          </QueryState>
        </section>
      </div>
    </div>
  );
}
