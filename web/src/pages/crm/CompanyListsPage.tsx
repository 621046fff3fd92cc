import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { customFieldsQuery, formatDate, type CompanyList, type Page } from './crm-api';
import { FilterBuilder } from './FilterBuilder';
import { companyFilterFields, toRule } from './filters';

type Created = CompanyList & { evaluation?: { status: string; message?: string } };

/** Company lists: STATIC (companies added by hand or in bulk) and SMART (filter rules, evaluated on every read). */
export default function CompanyListsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const [smartName, setSmartName] = useState('');
  const defs = useQuery(customFieldsQuery(t, 'company'));
  const fields = useMemo(() => companyFilterFields(defs.data?.data ?? []), [defs.data]);
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<Page<CompanyList>>('/api/company-lists', { signal, query: { pageSize: 100 } }),
  });
  const onCreated = () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'company-lists') });
  const createStatic = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Created>('/api/company-lists', { ...body, type: 'STATIC' }),
    meta: { action: 'create company lists' },
    onSuccess: onCreated,
  });
  const createSmart = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Created>('/api/company-lists', { ...body, type: 'SMART' }),
    meta: { action: 'create company lists' },
    onSuccess: onCreated,
  });
  const staticErrors = useFormErrors(createStatic.error, ['name'], 'create company lists');
  const smartErrors = useFormErrors(createSmart.error, ['name', 'filters'], 'create company lists');
  const evaluation = createSmart.data?.evaluation;

  return (
    <div className="page">
      <h1>Company lists</h1>
      <QueryState query={lists} label="the company lists">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No lists yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Members</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((l) => (
                    <tr key={l.id}>
                      <td>
                        <Link to={`/company-lists/${encodeURIComponent(l.id)}`}>{l.name}</Link>
                      </td>
                      <td>{l.type}</td>
                      <td>{l.type === 'STATIC' ? (l.memberCount ?? 0) : 'by its filters'}</td>
                      <td>{formatDate(l.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <section aria-labelledby={`${uid}-static`}>
        <h2 id={`${uid}-static`}>New static list</h2>
        <p className="muted">Add companies to it from the companies table (select rows, then “Add to list”).</p>
        <form onSubmit={onSubmitValues((v) => createStatic.mutate(v))} noValidate aria-labelledby={`${uid}-static`}>
          <FormErrors errors={staticErrors.form} />
          <TextField name="name" label="Static list name" errors={staticErrors.byField.name} />
          <SubmitButton pending={createStatic.isPending}>Create static list</SubmitButton>
        </form>
      </section>
      <section aria-labelledby={`${uid}-smart`}>
        <h2 id={`${uid}-smart`}>New smart list</h2>
        <FormErrors errors={smartErrors.form} />
        <TextField
          name="smartName"
          label="Smart list name"
          value={smartName}
          onChange={(e) => setSmartName(e.target.value)}
          errors={smartErrors.byField.name}
        />
        <FilterBuilder
          fields={fields}
          initial={[]}
          applyLabel="Create smart list"
          error={smartErrors.byField.filters}
          onApply={(rows) => createSmart.mutate({ name: smartName, filters: rows.map((r) => toRule(r, fields)) })}
        />
        {evaluation && (
          <p role="status" className={evaluation.status === 'OK' ? 'notice notice-success' : 'error-text'}>
            {evaluation.status === 'OK'
              ? `Smart list “${createSmart.data?.name}” created.`
              : `Smart list saved, but it cannot be evaluated (${evaluation.status}): ${evaluation.message ?? ''}`}
          </p>
        )}
      </section>
    </div>
  );
}
