import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { useSelection } from '../../components/selection';
import { useUrlView } from '../../components/url-view';
import { TableRegion } from '../../components/TableRegion';
import { BulkContactActions } from './BulkContactActions';
import { companyChoicesQuery, ContactForm } from './ContactForm';
import { contactName, customFieldsQuery, formatDate, type Contact, type Page } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';
import { FilterBuilder } from './FilterBuilder';
import { contactFilterFields, fromFilters, toFiltersParam } from './filters';

const PAGE_SIZE = 50;

/**
 * Contacts: server-side cursor pages (the list keeps the API's order: contacts_list has no sort), a text
 * search (`q`: names, position, channels) and custom-field filters, both kept in the address; bulk actions
 * on selected rows.
 */
export default function ContactsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uid = useId();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const selected = useSelection();
  const { get, setView } = useUrlView(() => (pages.reset(), selected.clear()));
  const q = get('q');
  const filters = get('filters');
  const [creating, setCreating] = useState(false);

  const defsQuery = useQuery(customFieldsQuery(t, 'contact'));
  const defs = useMemo(() => defsQuery.data?.data ?? [], [defsQuery.data]);
  const fields = useMemo(() => contactFilterFields(defs), [defs]);
  const companies = useQuery(companyChoicesQuery(t));
  const companyNames = useMemo(() => new Map((companies.data?.data ?? []).map((c) => [c.id, c.name])), [companies.data]);
  const list = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contacts', { pageSize: PAGE_SIZE, cursor, q, filters }),
    queryFn: ({ signal }) => api.get<Page<Contact>>('/api/contacts', { signal, query: { pageSize: PAGE_SIZE, cursor, q, filters } }),
    placeholderData: keepPreviousData,
    // Contacts arrive from imports, agents, forms and crawls, not only from this page: read again on every visit.
    staleTime: 0,
    meta: { action: 'see contacts' },
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Contact>('/api/contacts', body),
    meta: { action: 'create contacts' },
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contacts') });
      void navigate(`/contacts/${encodeURIComponent(c.id)}`);
    },
  });

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setView({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() || undefined });
  };
  const badQuery = isApiError(list.error) && list.error.status === 400 ? list.error.messages : undefined;
  const rows = list.data?.data ?? [];

  return (
    <div className="page">
      <h1>Contacts</h1>
      <div className="actions">
        <button type="button" className="secondary" aria-expanded={creating} onClick={() => setCreating((c) => !c)}>
          New contact
        </button>
      </div>
      {creating && (
        <section aria-labelledby={`${uid}-new`}>
          <h2 id={`${uid}-new`}>New contact</h2>
          <ContactForm
            defs={defs}
            error={create.error}
            pending={create.isPending}
            submitLabel="Create contact"
            action="create contacts"
            onSubmit={(b) => create.mutate(b)}
          />
        </section>
      )}
      <form className="toolbar" role="search" onSubmit={search} key={q ?? ''}>
        <label htmlFor={`${uid}-q`}>Search contacts</label>
        <input id={`${uid}-q`} name="q" type="search" defaultValue={q ?? ''} placeholder="name, position, email, phone" />
        <button type="submit" className="secondary">
          Search
        </button>
      </form>
      {fields.length > 0 && (
        <FilterBuilder
          key={filters ?? ''}
          fields={fields}
          initial={fromFilters(filters)}
          error={badQuery}
          onApply={(r) => setView({ filters: toFiltersParam(r, fields) })}
        />
      )}
      <BulkContactActions ids={selected.ids} onDone={selected.clear} />
      {list.isPending ? (
        <p role="status">Loading the contacts…</p>
      ) : badQuery ? (
        fields.length === 0 && (
          <p className="error-text" role="alert">
            {badQuery.join(' ')}
          </p>
        )
      ) : list.isError ? (
        <p className="error-text" role="alert">
          The contacts could not be loaded: {list.error.message}
        </p>
      ) : (
        <>
          <TableRegion label="Contacts">
            <table className="data" aria-busy={list.isFetching || undefined}>
              <caption className="visually-hidden">Contacts, page {pages.page}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    {/* After an import, a person puts a page of new contacts into a list at once, not one box at a time. */}
                    <input
                      type="checkbox"
                      aria-label="Select every contact on this page"
                      checked={rows.length > 0 && rows.every((c) => selected.has(c.id))}
                      disabled={rows.length === 0}
                      onChange={() => selected.toggleAll(rows.map((c) => c.id))}
                    />
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Position</th>
                  <th scope="col">Company</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <input type="checkbox" aria-label={`Select ${contactName(c)}`} checked={selected.has(c.id)} onChange={() => selected.toggle(c.id)} />
                    </td>
                    <td>
                      <Link to={`/contacts/${encodeURIComponent(c.id)}`}>{contactName(c)}</Link>
                    </td>
                    <td>{c.email}</td>
                    <td>{c.phone}</td>
                    <td>{c.position}</td>
                    <td>
                      {c.companyId ? <Link to={`/companies/${encodeURIComponent(c.companyId)}`}>{companyNames.get(c.companyId) ?? 'Open company'}</Link> : null}
                    </td>
                    <td>{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {rows.length === 0 && (
            <p className="muted">{list.data?.nextCursor ? 'No matches on this stretch of the list; the next page looks further.' : 'No contacts match.'}</p>
          )}
          <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />
        </>
      )}
    </div>
  );
}
