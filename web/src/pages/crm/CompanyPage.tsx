import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { leaveDeleted } from '../../api/leave-deleted';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { CompanyForm, TEXT_FIELDS } from './CompanyForm';
import { contactName, customFieldsQuery, formatDate, type Company, type Contact, type Page } from './crm-api';

const DETAILS = TEXT_FIELDS.filter(([field]) => field !== 'name');

interface CompanyLead {
  id: string;
  contactId: string;
  title: string | null;
  status: string;
  interest: string;
  createdAt: string;
}

/** One company: its fields and custom fields, its contacts with their channels (duplicates named), its lists and leads, edit and delete. */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const path = `/api/companies/${encodeURIComponent(id)}`;
  const company = useQuery({
    queryKey: workspaceKey(t, 'crm', 'companies', 'one', id),
    queryFn: ({ signal }) => api.get<Company>(path, { signal }),
    meta: { action: 'see companies' },
  });
  const defs = useQuery(customFieldsQuery(t, 'company'));
  const contacts = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contacts', { companyId: id }),
    queryFn: ({ signal }) => api.get<Page<Contact>>('/api/contacts', { signal, query: { companyId: id, pageSize: 100 } }),
    // Contacts arrive from imports, agents and crawls, not only from this page: fetched again on every visit.
    staleTime: 0,
  });
  // Lists and leads change from other pages, imports and agents: read again on every visit.
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', 'of-company', id),
    queryFn: ({ signal }) => api.get<Page<{ id: string; name: string; type: string; memberCount: number | null }>>(`${path}/lists`, { signal }),
    staleTime: 0,
  });
  const leads = useQuery({
    queryKey: workspaceKey(t, 'leads', 'of-company', id),
    queryFn: ({ signal }) => api.get<{ data: CompanyLead[]; complete: boolean }>(`${path}/leads`, { signal }),
    staleTime: 0,
  });
  const update = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.patch<Company>(path, body),
    meta: { action: 'change companies' },
    onSuccess: (c) => {
      queryClient.setQueryData(workspaceKey(t, 'crm', 'companies', 'one', id), c);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'companies') });
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    meta: { action: 'delete companies' },
    onSuccess: () => leaveDeleted(queryClient, { id, area: workspaceKey(t, 'crm'), leave: () => navigate('/companies') }),
  });

  return (
    <div className="page">
      <QueryState query={company} label="the company">
        {(c) => (
          <>
            <h1>{c.name}</h1>
            <div className="actions">
              <button type="button" className="secondary" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
                Edit company
              </button>
              <button
                type="button"
                className="danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete ${c.name}?`)) remove.mutate();
                }}
              >
                Delete company
              </button>
            </div>
            {remove.error ? (
              <p className="error-text" role="alert">
                {describeError(remove.error, 'delete companies')}
              </p>
            ) : null}
            {editing ? (
              <CompanyForm
                defs={defs.data?.data ?? []}
                company={c}
                error={update.error}
                pending={update.isPending}
                submitLabel="Save company"
                action="change companies"
                onSubmit={(b) => update.mutate(b)}
              />
            ) : (
              <dl className="details">
                {DETAILS.filter(([k]) => c[k]).map(([k, label]) => (
                  <div key={k} className="contents">
                    <dt>{label}</dt>
                    <dd>{c[k]}</dd>
                  </div>
                ))}
                {(defs.data?.data ?? []).map((d) => (
                  <div key={d.slug} className="contents">
                    <dt>{d.label}</dt>
                    <dd>{c.customFields[d.slug] === undefined ? '—' : String(c.customFields[d.slug])}</dd>
                  </div>
                ))}
                <div className="contents">
                  <dt>Created</dt>
                  <dd>{formatDate(c.createdAt)}</dd>
                </div>
              </dl>
            )}
          </>
        )}
      </QueryState>
      <section aria-labelledby="company-contacts">
        <h2 id="company-contacts">Contacts and channels</h2>
        <QueryState query={contacts} label="the contacts">
          {(page) =>
            page.data.length === 0 ? (
              <p className="muted">No contacts at this company yet.</p>
            ) : (
              <div className="table-wrap">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Contact</th>
                      <th scope="col">Position</th>
                      <th scope="col">Channels</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((ct) => (
                      <tr key={ct.id}>
                        <td>
                          <Link to={`/contacts/${encodeURIComponent(ct.id)}`}>{contactName(ct)}</Link>
                        </td>
                        <td>{ct.position}</td>
                        <td>
                          <ul className="plain">
                            {ct.channels.map((ch) => (
                              <li key={`${ch.type}:${ch.value}`}>
                                {ch.type}: {ch.value}
                                {ch.duplicateOf ? <strong> — duplicate of contact {ch.duplicateOf}</strong> : null}
                              </li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </QueryState>
      </section>
      <section aria-labelledby="company-lists">
        <h2 id="company-lists">Lists</h2>
        <QueryState query={lists} label="the company's lists">
          {(page) =>
            page.data.length === 0 ? (
              <p className="muted">In no company list.</p>
            ) : (
              <ul className="plain">
                {page.data.map((l) => (
                  <li key={l.id}>
                    <Link to={`/company-lists/${encodeURIComponent(l.id)}`}>{l.name}</Link> (
                    {l.type === 'SMART' ? 'smart list: its rules match' : 'static list'})
                  </li>
                ))}
                {page.nextCursor ? <li className="muted">More lists than were checked: open Company lists for the rest.</li> : null}
              </ul>
            )
          }
        </QueryState>
      </section>
      <section aria-labelledby="company-leads">
        <h2 id="company-leads">Leads</h2>
        <QueryState query={leads} label="the company's leads">
          {(page) =>
            page.data.length === 0 ? (
              <p className="muted">No leads for this company's contacts yet.</p>
            ) : (
              <ul className="plain">
                {page.data.map((l) => (
                  <li key={l.id}>
                    <Link to={`/leads/${encodeURIComponent(l.id)}`}>{l.title ?? 'Untitled lead'}</Link> — {l.status}, interest {l.interest}, since{' '}
                    {formatDate(l.createdAt)}
                  </li>
                ))}
                {page.complete ? null : <li className="muted">Only the newest leads of the first contacts are shown.</li>}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
