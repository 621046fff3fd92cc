import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { BriefContentForm } from './BriefContentForm';
import { BriefLocksForm } from './BriefLocksForm';
import { BriefVariablesForm } from './BriefVariablesForm';
import { briefPath, briefSchemasQuery, briefsKey, type Brief, type Revision } from './briefs-api';

const CHANGE_WORDS = { created: 'Created', content: 'Content', variables: 'Variables', locks: 'Locks' } as const;

interface Review {
  ready: boolean;
  revision: number;
  degraded: boolean;
  findings: { path: string; kind: string; severity: 'high' | 'medium' | 'low'; message: string; suggestion: string; source: string }[];
}

/** One brief: its content drawn from the schema, variables, locks, the review of what it misses, and its revisions. */
export default function BriefPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const brief = useQuery({
    queryKey: briefsKey(t, 'one', id),
    queryFn: ({ signal }) => api.get<Brief>(briefPath(id), { signal }),
    meta: { action: 'see briefs' },
  });
  const schemas = useQuery(briefSchemasQuery(t));
  const [note, setNote] = useState<{ where: string; text: string } | null>(null);
  const saved = (where: string) => (text: string) => setNote({ where, text });
  const noteOf = (where: string) =>
    note?.where === where ? (
      <p role="status" className="notice notice-success">
        {note.text}
      </p>
    ) : null;
  return (
    <div className="page page-wide">
      <QueryState query={brief} label="the brief">
        {(b) => (
          <>
            <h1>{b.name}</h1>
            <p className="muted">
              Revision {b.revision} · {b.locks.length} locked {b.locks.length === 1 ? 'path' : 'paths'}
            </p>
            <p>{b.description}</p>
            <ReviewSection briefId={b.id} revision={b.revision} />
            <section aria-labelledby="content-heading" className="page-section">
              <h2 id="content-heading">Content</h2>
              {noteOf('content')}
              <QueryState query={schemas} label="the brief schema">
                {(s) => <BriefContentForm key={b.revision} tenantId={t} brief={b} schema={s.content} onSaved={saved('content')} />}
              </QueryState>
            </section>
            <section aria-labelledby="variables-heading" className="page-section">
              <h2 id="variables-heading">Variables</h2>
              {noteOf('variables')}
              <BriefVariablesForm key={b.revision} tenantId={t} brief={b} onSaved={saved('variables')} />
            </section>
            <section aria-labelledby="locks-heading" className="page-section">
              <h2 id="locks-heading">Locks</h2>
              {noteOf('locks')}
              <BriefLocksForm key={b.revision} tenantId={t} brief={b} onSaved={saved('locks')} />
            </section>
            <Revisions tenantId={t} briefId={b.id} revision={b.revision} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function ReviewSection({ briefId, revision }: { briefId: string; revision: number }) {
  const review = useMutation({
    mutationFn: () => api.post<Review>(`${briefPath(briefId)}/expert`, {}),
    meta: { action: 'review briefs' },
  });
  const r = review.data;
  return (
    <section aria-labelledby="review-heading" className="page-section">
      <h2 id="review-heading">Review</h2>
      <button type="button" className="secondary" onClick={() => review.mutate()} disabled={review.isPending}>
        {review.isPending ? 'Reviewing…' : 'Review what the brief misses'}
      </button>
      {review.error ? (
        <p className="error-text" role="alert">
          {describeError(review.error, 'review briefs')}
        </p>
      ) : null}
      {r && (
        <div aria-live="polite">
          <p>
            {r.ready ? 'Ready: no high-severity finding.' : 'Not ready yet.'} Reviewed revision {r.revision}
            {r.revision !== revision ? ` (now ${revision})` : ''}
            {r.degraded ? '; the AI review did not run, these are the rule findings only' : ''}.
          </p>
          <ul className="plain">
            {r.findings.map((f, i) => (
              <li key={`${f.path}-${i}`}>
                <strong>{f.severity}</strong> · <code>{f.path}</code>: {f.message} {f.suggestion && <span className="muted">{f.suggestion}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Revisions({ tenantId, briefId, revision }: { tenantId: string; briefId: string; revision: number }) {
  const revisions = useQuery({
    queryKey: briefsKey(tenantId, 'revisions', briefId, revision),
    queryFn: ({ signal }) => api.get<{ data: Revision[] }>(`${briefPath(briefId)}/revisions`, { signal, query: { pageSize: 50 } }),
    throwOnError: false,
  });
  return (
    <section aria-labelledby="revisions-heading" className="page-section">
      <h2 id="revisions-heading">Revisions</h2>
      <QueryState query={revisions} label="the revisions">
        {(page) => (
          <TableRegion label="Revisions">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Revision</th>
                  <th scope="col">Change</th>
                  <th scope="col">Reason</th>
                  <th scope="col">When</th>
                  <th scope="col">Patch</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((r) => (
                  <tr key={r.revision}>
                    <td className="number">{r.revision}</td>
                    <td>{CHANGE_WORDS[r.change] ?? r.change}</td>
                    <td>{r.reason ?? '—'}</td>
                    <td>{new Date(r.at).toLocaleString()}</td>
                    <td>
                      <code className="code-block">{r.patch === null ? '—' : JSON.stringify(r.patch)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </QueryState>
    </section>
  );
}
