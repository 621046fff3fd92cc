import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CountBars } from './CountBars';
import { POLL_MS } from './enrichment-api';
import { OUTCOME_WORDS, STEP_TYPES, stepFromForm, stepWords, type ScoringResult, type ScoringStats, type ScoringTask } from './scoring-api';

/** After a run is queued the outcomes are re-read every POLL_MS for this long (the API has no end-of-run signal). */
const RUN_POLL_MS = 60_000;

/** One scoring task: its steps (and adding one), a run of all or only contradictory companies, outcomes and results. */
export default function ScoringTaskPage() {
  const { taskId = '' } = useParams();
  const { workspace } = useWorkspace();
  const key = (...rest: unknown[]) => workspaceKey(workspace.tenantId, 'scoring', 'task', taskId, ...rest);
  const queryClient = useQueryClient();
  const [runAt, setRunAt] = useState(0);
  const [contradictoryOnly, setContradictoryOnly] = useState(false);
  const polling = () => (Date.now() - runAt < RUN_POLL_MS ? POLL_MS : false);
  const id = encodeURIComponent(taskId);

  const task = useQuery({
    queryKey: key(),
    queryFn: ({ signal }) => api.get<ScoringTask>(`/api/tasks/${id}`, { signal }),
    meta: { action: 'see scoring tasks' },
  });
  const stats = useQuery({
    queryKey: key('stats'),
    queryFn: ({ signal }) => api.get<ScoringStats>(`/api/tasks/${id}/scoring-stats`, { signal }),
    refetchInterval: polling,
    meta: { action: 'see scoring tasks' },
  });
  const results = useQuery({
    queryKey: key('results', { contradictoryOnly }),
    queryFn: ({ signal }) =>
      api.get<{ data: ScoringResult[]; total: number }>(`/tasks/${id}/scoring-results`, { signal, query: contradictoryOnly ? { contradictory: 'true' } : {} }),
    refetchInterval: polling,
    meta: { action: 'see scoring tasks' },
  });
  const prompt = useQuery({
    queryKey: key('prompt'),
    queryFn: ({ signal }) => api.get<{ source: string; prompt: string; variables: string[] }>(`/api/icp-tasks/${id}/scoring-prompt`, { signal }),
    meta: { action: 'see scoring tasks' },
  });
  const run = useMutation({
    mutationFn: (onlyContradictory: boolean) =>
      api.post<{ queued: number }>(`/tasks/${id}/scoring-results/retry`, onlyContradictory ? { contradictoryOnly: true } : {}),
    meta: { action: 'run scoring tasks' },
    onSuccess: () => (setRunAt(Date.now()), void queryClient.invalidateQueries({ queryKey: key() })),
  });

  return (
    <div className="page page-wide">
      <h1>Scoring task</h1>
      <QueryState query={task} label="the scoring task">
        {(x) => (
          <>
            <dl className="details">
              <dt>Name</dt>
              <dd>{x.description || 'Scoring'}</dd>
              <dt>Companies</dt>
              <dd>
                <Link to={`/company-lists/${encodeURIComponent(x.companyListId)}`}>Open the company list</Link>
              </dd>
              <dt>Created</dt>
              <dd>{new Date(x.createdAt).toLocaleString()}</dd>
            </dl>
            <Steps task={x} onAdded={() => void queryClient.invalidateQueries({ queryKey: key() })} />
          </>
        )}
      </QueryState>
      <section aria-labelledby="run-heading" className="page-section">
        <h2 id="run-heading">Run</h2>
        <div className="actions">
          <button type="button" disabled={run.isPending} onClick={() => run.mutate(false)}>
            Score all companies
          </button>
          <button type="button" className="secondary" disabled={run.isPending || !stats.data?.contradictory} onClick={() => run.mutate(true)}>
            Retry the contradictory results ({stats.data?.contradictory ?? 0})
          </button>
        </div>
        {run.data && <p role="status">{run.data.queued.toLocaleString()} companies queued for scoring. Outcomes below update as they come in.</p>}
        {run.isError && (
          <p className="error-text" role="alert">
            {describeError(run.error, 'run scoring tasks')}
          </p>
        )}
      </section>
      <QueryState query={stats} label="the outcomes">
        {(s) => (
          <section aria-labelledby="outcomes-heading" className="page-section">
            <h2 id="outcomes-heading">Outcomes</h2>
            <p>
              {s.scored.toLocaleString()} companies scored; {s.contradictory.toLocaleString()} with contradictory facts.
            </p>
            <div className="plot-grid">
              <CountBars
                title="By outcome"
                whole={{ label: 'scored', count: s.scored }}
                items={Object.entries(s.byOutcome).map(([o, count]) => ({ label: OUTCOME_WORDS[o] ?? o, count }))}
              />
              <CountBars
                title="By reason"
                whole={{ label: 'scored', count: s.scored }}
                items={Object.entries(s.byReason)
                  .sort((a, b) => b[1] - a[1])
                  .map(([r, count]) => ({ label: r.replace(/_/g, ' '), count }))}
              />
            </div>
          </section>
        )}
      </QueryState>
      <section aria-labelledby="results-heading" className="page-section">
        <h2 id="results-heading">Results</h2>
        <label className="field-checkbox">
          <input type="checkbox" checked={contradictoryOnly} onChange={(e) => setContradictoryOnly(e.target.checked)} /> Only contradictory results
        </label>
        <QueryState query={results} label="the results">
          {(r) =>
            r.data.length === 0 ? <p className="muted">No results{contradictoryOnly ? ' with contradictory facts' : ''}.</p> : <Results rows={r.data} />
          }
        </QueryState>
      </section>
      <QueryState query={prompt} label="the scoring prompt">
        {(p) => (
          <details className="page-section">
            <summary>The AI prompt that runs ({p.source === 'default' ? 'the default' : p.source === 'brief' ? 'from the brief' : 'custom'})</summary>
            <pre className="code-block">{p.prompt}</pre>
          </details>
        )}
      </QueryState>
      <p>
        <Link to="/scoring">All scoring tasks</Link>
      </p>
    </div>
  );
}

function Steps({ task, onAdded }: { task: ScoringTask; onAdded: () => void }) {
  const add = useMutation({
    mutationFn: (v: Record<string, string | boolean>) => api.post(`/api/tasks/${encodeURIComponent(task.id)}/steps`, { steps: [stepFromForm(v)] }),
    meta: { action: 'change scoring tasks' },
    onSuccess: onAdded,
  });
  const errors = useFormErrors(add.error, ['steps'], 'change scoring tasks');
  const steps = [...(task.steps ?? [])].sort((a, b) => a.order - b.order);
  return (
    <section aria-labelledby="steps-heading" className="page-section">
      <h2 id="steps-heading">Steps</h2>
      {steps.length === 0 ? (
        <p className="muted">No steps yet: add the first one.</p>
      ) : (
        <ol>
          {steps.map((s) => (
            <li key={s.stepId}>
              {stepWords(s.type)} <span className="muted">({s.type})</span>
              {Array.isArray(s.config?.keywords) ? `: ${(s.config.keywords as string[]).join(', ')}` : ''}
              {typeof s.config?.threshold === 'number' ? `, threshold ${s.config.threshold}` : ''}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmitValues((v) => add.mutate(v))} noValidate>
        <FormErrors errors={errors.form} />
        <div className="form-grid">
          <SelectField name="type" label="Step" options={STEP_TYPES.map((s) => ({ value: s.type, label: s.words }))} errors={errors.byField.steps} />
          <TextField name="keywords" label="Keywords (for the keywords step)" hint="comma-separated" />
          <TextField name="threshold" label="Threshold 0–10 (for the AI score)" inputMode="decimal" hint="below it: scored below the threshold; default 5" />
        </div>
        <SubmitButton pending={add.isPending}>Add step</SubmitButton>
      </form>
    </section>
  );
}

/** A step's output in a line of text (rendered as text, never as markup). */
const summary = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
};

function Results({ rows }: { rows: ScoringResult[] }) {
  return (
    <TableRegion label="Scoring results">
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Outcome</th>
            <th scope="col">Reason</th>
            <th scope="col">Contradictory</th>
            <th scope="col">Step results</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.companyId}>
              <td>
                <Link to={`/companies/${encodeURIComponent(r.companyId)}`}>Open card</Link>
              </td>
              <td>{OUTCOME_WORDS[r.outcome] ?? r.outcome}</td>
              <td>{r.reasonCode.replace(/_/g, ' ')}</td>
              <td>{r.contradictoryFields.length ? r.contradictoryFields.join(', ') : 'no'}</td>
              <td>
                <ul className="plain">
                  {Object.entries(r.stepResults)
                    .filter(([k]) => k !== 'contradictoryFields')
                    .map(([k, v]) => (
                      <li key={k}>
                        <strong>{k}</strong>: {summary(v)}
                      </li>
                    ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
