import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { formatDate, type Page } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';

interface Suppressed {
  id: string;
  type: string;
  value: string | null;
  hashed: boolean;
  source: string;
  note: string | null;
  createdAt: string;
}
interface Stopped {
  id: string;
  type: string;
  domain: string | null;
  companyName: string | null;
  note: string | null;
  createdAt: string;
}

const SOURCES = ['manual', 'unsubscribe', 'bounce', 'complaint'].map((s) => ({ value: s, label: s }));

/** One list of the page (suppression or stop-list): its entries by pages, removal, and the add form. */
function EntryList<T extends { id: string; note: string | null; createdAt: string }>({
  kind,
  path,
  title,
  describe,
  fields,
  children,
}: {
  kind: string;
  path: string;
  title: string;
  describe: (e: T) => string;
  fields: string[];
  children: (errors: ReturnType<typeof useFormErrors>) => ReactNode;
}) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const headingId = useId();
  const pages = useCursorPages();
  const key = workspaceKey(t, 'crm', kind);
  const list = useQuery({
    queryKey: [...key, pages.cursor],
    queryFn: ({ signal }) => api.get<Page<T>>(path, { signal, query: { pageSize: 50, cursor: pages.cursor } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({ mutationFn: (body: Record<string, unknown>) => api.post(path, body), meta: { action: `change the ${title}` }, onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`${path}/${encodeURIComponent(id)}`),
    meta: { action: `change the ${title}` },
    onSuccess: refresh,
  });
  const errors = useFormErrors(add.error, fields, `change the ${title}`);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <QueryState query={list} label={`the ${title}`}>
        {(page) => (
          <>
            {page.data.length === 0 ? (
              <p className="muted">Empty.</p>
            ) : (
              <ul className="plain">
                {page.data.map((e) => (
                  <li key={e.id} className="toolbar">
                    <span>
                      {describe(e)}
                      {e.note ? ` — ${e.note}` : ''} <span className="muted">({formatDate(e.createdAt)})</span>
                    </span>
                    <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(e.id)}>
                      Remove<span className="visually-hidden"> {describe(e)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <CursorPager pages={pages} nextCursor={page.nextCursor} />
          </>
        )}
      </QueryState>
      {remove.error ? (
        <p className="error-text" role="alert">
          {describeError(remove.error, `change the ${title}`)}
        </p>
      ) : null}
      <form onSubmit={onSubmitValues((v) => add.mutate(v))} noValidate aria-labelledby={headingId}>
        <FormErrors errors={errors.form} />
        <div className="form-grid">{children(errors)}</div>
        <SubmitButton pending={add.isPending}>Add to the {title}</SubmitButton>
      </form>
    </section>
  );
}

/** Who is never mailed: the suppression list (addresses and domains) and the stop-list (domains and companies not to approach). */
export default function SuppressionPage() {
  return (
    <div className="page">
      <h1>Suppression and stop-list</h1>
      <EntryList<Suppressed>
        kind="suppression"
        path="/api/suppression"
        title="suppression list"
        fields={['email', 'domain', 'source', 'note']}
        describe={(e) => `${e.type}: ${e.hashed ? 'erased address (kept as a hash)' : (e.value ?? '')} · ${e.source}`}
      >
        {(errors) => (
          <>
            <TextField name="email" label="Email address" errors={errors.byField.email} />
            <TextField name="domain" label="Or a whole domain" errors={errors.byField.domain} />
            <SelectField name="source" label="Why" options={SOURCES} errors={errors.byField.source} />
            <TextField name="note" label="Note" errors={errors.byField.note} />
          </>
        )}
      </EntryList>
      <EntryList<Stopped>
        kind="stop-list"
        path="/api/stop-list"
        title="stop-list"
        fields={['domain', 'companyId', 'note']}
        describe={(e) => (e.type === 'company' ? `company: ${e.companyName ?? ''}` : `domain: ${e.domain ?? ''}`)}
      >
        {(errors) => (
          <>
            <TextField name="domain" label="Domain" errors={errors.byField.domain} />
            <TextField name="note" label="Note about the domain" errors={errors.byField.note} />
          </>
        )}
      </EntryList>
    </div>
  );
}
