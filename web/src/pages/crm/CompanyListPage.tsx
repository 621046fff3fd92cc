import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { type Company, type CompanyList } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';
import { fromFilters, OPERATOR_LABELS } from './filters';

interface Members {
  status: string;
  data: Company[] | null;
  nextCursor: string | null;
  message?: string;
}

/** One company list: its rules (SMART) and its members, page by page. */
export default function CompanyListPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const base = `/api/company-lists/${encodeURIComponent(id)}`;
  const list = useQuery({ queryKey: workspaceKey(t, 'crm', 'company-lists', 'one', id), queryFn: ({ signal }) => api.get<CompanyList>(base, { signal }) });
  const members = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', 'members', id, cursor),
    queryFn: ({ signal }) => api.get<Members>(`${base}/members`, { signal, query: { pageSize: 50, cursor } }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page">
      <QueryState query={list} label="the list">
        {(l) => (
          <>
            <h1>{l.name}</h1>
            <p className="lead">{l.type === 'SMART' ? 'Smart list: the companies that match all of these rules now.' : 'Static list.'}</p>
            {l.type === 'SMART' && (
              <ul>
                {fromFilters(l.filters).map((r, i) => (
                  <li key={i}>
                    {r.field} {OPERATOR_LABELS[r.operator] ?? r.operator} {r.value}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
      <h2>Members</h2>
      <QueryState query={members} label="the members">
        {(m) =>
          m.status !== 'OK' || !m.data ? (
            <p className="error-text">
              This list cannot be evaluated ({m.status}): {m.message}
            </p>
          ) : (
            <>
              {m.data.length === 0 ? (
                <p className="muted">{m.nextCursor ? 'No members on this stretch; the next page looks further.' : 'No members.'}</p>
              ) : (
                <ul className="plain">
                  {m.data.map((c) => (
                    <li key={c.id}>
                      <Link to={`/companies/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                      {c.domain ? ` — ${c.domain}` : ''}
                    </li>
                  ))}
                </ul>
              )}
              <CursorPager pages={pages} nextCursor={m.nextCursor} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
