import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { formatDate, type Page } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';
import { DSAR_TYPE_LABELS, resultFile, resultInWords, type Dsar } from './dsar';

const FIELDS = ['type', 'email', 'note'];
const TYPES = Object.entries(DSAR_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Saves the request's record as a JSON file (a Blob URL: no server round trip, nothing inline). */
function download(d: Dsar) {
  const file = resultFile(d);
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DsarDetail({ id }: { id: string }) {
  const { workspace } = useWorkspace();
  const one = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'crm', 'dsar', 'one', id),
    queryFn: ({ signal }) => api.get<Dsar>(`/api/dsar/${encodeURIComponent(id)}`, { signal }),
  });
  return (
    <QueryState query={one} label="the request">
      {(d) => (
        <section aria-labelledby={`dsar-${d.id}`} className="card">
          <h2 id={`dsar-${d.id}`}>Result of request {d.id}</h2>
          <p>{resultInWords(d)}</p>
          {d.type === 'source' && d.result?.sources?.length ? (
            <TableRegion label="Recorded sources">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Contact</th>
                    <th scope="col">Source</th>
                    <th scope="col">Source address</th>
                    <th scope="col">Collected</th>
                    <th scope="col">Recorded</th>
                  </tr>
                </thead>
                <tbody>
                  {d.result.sources.map((s) => (
                    <tr key={s.contactId}>
                      <td>
                        <Link to={`/contacts/${encodeURIComponent(s.contactId)}`}>{s.contactId}</Link>
                      </td>
                      <td>{s.kind}</td>
                      <td>{s.sourceUrl ?? '—'}</td>
                      <td>{s.collectedAt ? formatDate(s.collectedAt) : '—'}</td>
                      <td>{formatDate(s.recordedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
          <button type="button" className="secondary" onClick={() => download(d)}>
            Download the result (JSON)
          </button>
        </section>
      )}
    </QueryState>
  );
}

/**
 * Data-subject requests: file one (access = where the address came from; erasure = suppress it and delete
 * its contacts), processed at once; the list newest first with status; a request's result shown and downloadable.
 */
export default function DsarPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [open, setOpen] = useState<string>();
  const list = useQuery({
    queryKey: workspaceKey(t, 'crm', 'dsar', { cursor }),
    queryFn: ({ signal }) => api.get<Page<Dsar>>('/api/dsar', { signal, query: { pageSize: 50, cursor } }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Dsar>('/api/dsar', body),
    meta: { action: 'file data-subject requests' },
    onSuccess: (d) => {
      setOpen(d.id);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'dsar') });
      // An erasure deletes contacts (and their leads and memberships). Their cached pages are dropped, not
      // only marked stale: a stale page is shown until it reads again, and it would show the erased person.
      if (d.type === 'erasure') {
        for (const area of ['contacts', 'contact-lists', 'companies']) queryClient.removeQueries({ queryKey: workspaceKey(t, 'crm', area) });
        queryClient.removeQueries({ queryKey: workspaceKey(t, 'leads') });
        void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm') });
      }
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'file data-subject requests');

  return (
    <div className="page">
      <h1>Data-subject requests</h1>
      <section aria-labelledby={`${uid}-new`}>
        <h2 id={`${uid}-new`}>New request</h2>
        <p className="muted">
          An erasure suppresses the address at once (it is never mailed again) and deletes every contact holding it, with its channels, leads and list
          memberships. It cannot be undone.
        </p>
        <form onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate aria-labelledby={`${uid}-new`}>
          <FormErrors errors={errors.form} />
          <div className="form-grid">
            <SelectField name="type" label="Request" options={TYPES} errors={errors.byField.type} />
            <TextField name="email" label="The person’s email address" type="email" errors={errors.byField.email} />
          </div>
          <TextAreaField name="note" label="Note (optional)" rows={2} errors={errors.byField.note} />
          <SubmitButton pending={create.isPending}>File the request</SubmitButton>
        </form>
      </section>
      {open && <DsarDetail key={open} id={open} />}
      <h2>Requests</h2>
      <QueryState query={list} label="the requests">
        {(page) => (
          <>
            {page.data.length === 0 ? (
              <p className="muted">{pages.page > 1 ? 'No more requests.' : 'No requests yet.'}</p>
            ) : (
              <TableRegion label="Requests">
                <table className="data">
                  <caption className="visually-hidden">Data-subject requests, page {pages.page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Filed</th>
                      <th scope="col">Request</th>
                      <th scope="col">Address</th>
                      <th scope="col">Status</th>
                      <th scope="col">Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((d) => (
                      <tr key={d.id}>
                        <td>{formatDate(d.createdAt)}</td>
                        <td>{d.type === 'erasure' ? 'Erasure' : 'Access'}</td>
                        <td>{d.emailMasked ?? 'erased (hash kept)'}</td>
                        <td>{d.status}</td>
                        <td>
                          <button type="button" className="secondary" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? undefined : d.id)}>
                            {open === d.id ? 'Hide' : 'Show'}
                            <span className="visually-hidden"> the result of request {d.id}</span>
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            <CursorPager pages={pages} nextCursor={page.nextCursor} />
          </>
        )}
      </QueryState>
    </div>
  );
}
