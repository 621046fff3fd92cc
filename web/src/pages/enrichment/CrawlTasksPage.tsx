import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import type { CompanyList, Page } from '../crm/crm-api';
import { isFinished, POLL_MS, STATUS_WORDS, type CrawlTask } from './enrichment-api';

const FIELDS = ['listId', 'domainField', 'visitPages', 'limit', 'timeoutMs', 'maxAttempts', 'pageConcurrency', 'saveScreenshot'];
const PAGE_SIZE = 20;

interface Preview {
  companies: number;
  withValue: number;
  uniqueDomains: number;
  domainField: string;
  fields: string[];
}

/** Numbers typed into the form go to the API as numbers; empty fields are left out (the API's defaults). */
function createBody(v: Record<string, string | boolean>) {
  const body: Record<string, unknown> = { listId: v.listId, visitPages: v.visitPages, saveScreenshot: v.saveScreenshot === true };
  if (typeof v.domainField === 'string') body.domainField = v.domainField;
  for (const k of ['limit', 'timeoutMs', 'maxAttempts', 'pageConcurrency'])
    if (typeof v[k] === 'string') body[k] = /^-?\d+$/.test(v[k] as string) ? Number(v[k]) : v[k];
  return body;
}

/** Site crawls: start one over a company list (with a read-only preview first), and the list of crawls. */
export default function CrawlTasksPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const form = useRef<HTMLFormElement>(null);
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<Page<CompanyList>>('/api/company-lists', { signal, query: { pageSize: 100 } }),
  });
  const staticLists = (lists.data?.data ?? []).filter((l) => l.type === 'STATIC');
  const tasks = useQuery({
    queryKey: workspaceKey(t, 'enrichment', 'tasks', { page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => api.get<{ data: CrawlTask[] }>('/api/site-enrichment/tasks', { signal, query: { page, pageSize: PAGE_SIZE } }),
    refetchInterval: (q) => (q.state.data?.data.some((x) => !isFinished(x)) ? POLL_MS : false),
    meta: { action: 'see site crawls' },
  });
  const preview = useMutation({
    mutationFn: (v: { listId: string; domainField?: string }) =>
      api.get<Preview>('/api/site-enrichment/preview', { query: { listId: v.listId, ...(v.domainField ? { domainField: v.domainField } : {}) } }),
    meta: { action: 'preview site crawls' },
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<{ taskId: string; queued: number }>('/api/site-enrichment/tasks', body),
    meta: { action: 'start site crawls' },
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'enrichment', 'tasks') });
      void navigate(`/enrichment/${encodeURIComponent(r.taskId)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'start site crawls');
  const askPreview = () => {
    const data = new FormData(form.current!);
    const listId = String(data.get('listId') ?? '');
    const domainField = String(data.get('domainField') ?? '').trim();
    if (listId) preview.mutate({ listId, domainField: domainField || undefined });
  };

  return (
    <div className="page">
      <h1>Site crawls</h1>
      <p className="lead">
        A crawl visits the website of every company in a list (one visit per domain) and puts the title, description and the contacts it finds — each with the
        page it was read on — onto the company cards.
      </p>
      <section aria-labelledby="new-crawl">
        <h2 id="new-crawl">New crawl</h2>
        {lists.isSuccess && staticLists.length === 0 ? (
          <p className="muted">
            A crawl runs over a static company list. <Link to="/company-lists">Create a company list</Link> first.
          </p>
        ) : (
          <form ref={form} onSubmit={onSubmitValues((v) => create.mutate(createBody(v)))} noValidate>
            <FormErrors errors={errors.form} />
            <div className="form-grid">
              <SelectField
                name="listId"
                label="Company list"
                options={staticLists.map((l) => ({ value: l.id, label: l.name }))}
                errors={errors.byField.listId}
                onChange={() => preview.reset()}
              />
              <TextField
                name="domainField"
                label="Website field (optional)"
                hint="website (default), domain, or a custom field's key"
                errors={errors.byField.domainField}
              />
              <SelectField
                name="visitPages"
                label="Pages per site"
                options={[
                  { value: 'home', label: 'Home page only' },
                  { value: 'home+contacts', label: 'Home page and one more (contacts, services)' },
                ]}
                errors={errors.byField.visitPages}
              />
              <TextField name="limit" label="At most this many companies (optional)" inputMode="numeric" hint="1 to 500" errors={errors.byField.limit} />
              <TextField
                name="timeoutMs"
                label="Page timeout in ms (optional)"
                inputMode="numeric"
                hint="1000 to 120000; default 15000"
                errors={errors.byField.timeoutMs}
              />
              <TextField
                name="maxAttempts"
                label="Attempts per page (optional)"
                inputMode="numeric"
                hint="1 to 5; default 2"
                errors={errors.byField.maxAttempts}
              />
              <TextField
                name="pageConcurrency"
                label="Browser pages at once (optional)"
                inputMode="numeric"
                hint="1 to 4; default 2"
                errors={errors.byField.pageConcurrency}
              />
            </div>
            <CheckboxField name="saveScreenshot" label="Save a screenshot of each home page" errors={errors.byField.saveScreenshot} />
            <div className="actions">
              <button type="button" className="secondary" onClick={askPreview} disabled={preview.isPending}>
                Preview
              </button>
              <SubmitButton pending={create.isPending}>Start crawl</SubmitButton>
            </div>
            {preview.isError && (
              <p className="error-text" role="alert">
                {describeError(preview.error, 'preview site crawls')}
              </p>
            )}
            {preview.data && (
              <p role="status">
                {preview.data.companies.toLocaleString()} companies in the list, {preview.data.withValue.toLocaleString()} with a value in “
                {preview.data.domainField}”, {preview.data.uniqueDomains.toLocaleString()} distinct domains to visit.
              </p>
            )}
          </form>
        )}
      </section>
      <section aria-labelledby="crawls" className="page-section">
        <h2 id="crawls">Crawls</h2>
        <QueryState query={tasks} label="the crawls">
          {(p) =>
            p.data.length === 0 && page === 1 ? (
              <p className="muted">No crawls yet.</p>
            ) : (
              <>
                <TableRegion label="Crawls">
                  <table className="data">
                    <thead>
                      <tr>
                        <th scope="col">Started</th>
                        <th scope="col">Status</th>
                        <th scope="col">Processed</th>
                        <th scope="col">OK</th>
                        <th scope="col">Down</th>
                        <th scope="col">No site</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.data.map((x) => (
                        <tr key={x.taskId}>
                          <td>
                            <Link to={`/enrichment/${encodeURIComponent(x.taskId)}`}>{new Date(x.createdAt).toLocaleString()}</Link>
                          </td>
                          <td>{STATUS_WORDS[x.status] ?? x.status}</td>
                          <td>
                            {x.counters.processed.toLocaleString()} of {x.counters.total.toLocaleString()}
                          </td>
                          <td>{x.counters.ok.toLocaleString()}</td>
                          <td>{x.counters.down.toLocaleString()}</td>
                          <td>{x.counters.noSite.toLocaleString()}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
                <nav className="actions" aria-label="Pages of crawls">
                  <button type="button" className="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    Newer
                  </button>
                  <button type="button" className="secondary" disabled={p.data.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>
                    Older
                  </button>
                </nav>
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
