import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { useSelection } from '../../components/selection';
import { useUrlView } from '../../components/url-view';
import { CompanyForm } from './CompanyForm';
import { BulkCompanyActions } from './BulkCompanyActions';
import { customFieldsQuery, formatDate, type Company, type Page } from './crm-api';
import { FilterBuilder } from './FilterBuilder';
import { CursorPager, useCursorPages } from './CursorPager';
import { companyFilterFields, fromFilters, toFiltersParam } from './filters';

const PAGE_SIZE = 50;

/**
 * Companies: server-side cursor pages, sort and filters (both kept in the address, so a filtered view
 * can be shared and survives a reload), custom fields as columns, bulk actions on selected rows.
 */
export default function CompaniesPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Cursors of the pages before this one: "Previous" pops, "Next" pushes.
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const selected = useSelection();
  const { get, setView } = useUrlView(() => (pages.reset(), selected.clear()));
  const filters = get('filters');
  const sort = get('sort') ?? '-createdAt';
  const [creating, setCreating] = useState(false);
  const uid = useId();

  const defsQuery = useQuery(customFieldsQuery(t, 'company'));
  const defs = useMemo(() => defsQuery.data?.data ?? [], [defsQuery.data]);
  const fields = useMemo(() => companyFilterFields(defs), [defs]);
  const list = useQuery({
    queryKey: workspaceKey(t, 'crm', 'companies', { pageSize: PAGE_SIZE, cursor, sort, filters }),
    queryFn: ({ signal }) => api.get<Page<Company>>('/api/companies', { signal, query: { pageSize: PAGE_SIZE, cursor, sort, filters } }),
    placeholderData: keepPreviousData,
    meta: { action: 'see companies' },
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Company>('/api/companies', body),
    meta: { action: 'create companies' },
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'companies') });
      void navigate(`/companies/${encodeURIComponent(c.id)}`);
    },
  });

  const filterError = isApiError(list.error) && list.error.status === 400 ? list.error.messages : undefined;
  const sortable = [
    { key: 'name', label: 'Name' },
    { key: 'createdAt', label: 'Created' },
    ...defs.filter((d) => d.fieldType === 'number').map((d) => ({ key: `cf_${d.slug}`, label: d.label })),
  ];
  const sortBy = sort.replace(/^-/, '');
  const desc = sort.startsWith('-');
  const headerSort = (key: string) => (sortBy === key ? (desc ? 'descending' : 'ascending') : undefined);
  const sortButton = (key: string, label: string) => (
    <button type="button" onClick={() => setView({ sort: sortBy === key && !desc ? `-${key}` : key })}>
      {label}
      <span className="visually-hidden"> (sort)</span>
    </button>
  );
  const rows = list.data?.data ?? [];

  return (
    <div className="page">
      <h1>Companies</h1>
      <div className="actions">
        <button type="button" className="secondary" aria-expanded={creating} onClick={() => setCreating((c) => !c)}>
          New company
        </button>
      </div>
      {creating && (
        <section aria-labelledby="new-company">
          <h2 id="new-company">New company</h2>
          <CompanyForm
            defs={defs}
            error={create.error}
            pending={create.isPending}
            submitLabel="Create company"
            action="create companies"
            onSubmit={(b) => create.mutate(b)}
          />
        </section>
      )}
      <FilterBuilder
        key={filters ?? ''}
        fields={fields}
        initial={fromFilters(filters)}
        error={filterError}
        onApply={(r) => setView({ filters: toFiltersParam(r, fields) })}
      />
      <div className="toolbar">
        <label htmlFor={`${uid}-sort`}>Sort by</label>
        <select id={`${uid}-sort`} value={sort} onChange={(e) => setView({ sort: e.target.value })}>
          {sortable.flatMap((s) => [
            <option key={s.key} value={s.key}>
              {s.label} ↑
            </option>,
            <option key={`-${s.key}`} value={`-${s.key}`}>
              {s.label} ↓
            </option>,
          ])}
        </select>
        <BulkCompanyActions ids={selected.ids} onDone={selected.clear} />
      </div>
      {list.isPending ? (
        <p role="status">Loading the companies…</p>
      ) : list.isError && !filterError ? (
        <p className="error-text" role="alert">
          The companies could not be loaded: {list.error.message}
        </p>
      ) : filterError ? null : (
        <>
          <div className="table-wrap">
            <table className="data" aria-busy={list.isFetching || undefined}>
              <caption className="visually-hidden">Companies, page {pages.page}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Selected</span>
                  </th>
                  <th scope="col" aria-sort={headerSort('name')}>
                    {sortButton('name', 'Name')}
                  </th>
                  <th scope="col">Domain</th>
                  <th scope="col">Industry</th>
                  <th scope="col">City</th>
                  {defs.map((d) => (
                    <th scope="col" key={d.slug} aria-sort={headerSort(`cf_${d.slug}`)}>
                      {d.fieldType === 'number' ? sortButton(`cf_${d.slug}`, d.label) : d.label}
                    </th>
                  ))}
                  <th scope="col" aria-sort={headerSort('createdAt')}>
                    {sortButton('createdAt', 'Created')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <input type="checkbox" aria-label={`Select ${c.name}`} checked={selected.has(c.id)} onChange={() => selected.toggle(c.id)} />
                    </td>
                    <td>
                      <Link to={`/companies/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                    </td>
                    <td>{c.domain}</td>
                    <td>{c.industry}</td>
                    <td>{c.city}</td>
                    {defs.map((d) => (
                      <td key={d.slug}>{c.customFields[d.slug] === undefined ? '' : String(c.customFields[d.slug])}</td>
                    ))}
                    <td>{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 && (
            <p className="muted">{list.data?.nextCursor ? 'No matches on this stretch of the list; the next page looks further.' : 'No companies match.'}</p>
          )}
          <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />
        </>
      )}
    </div>
  );
}
