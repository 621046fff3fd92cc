import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { rejectedRowsCsv, type ImportKind } from './csv';
import { importFileOf } from './import-session';
import { DuplicateList } from './DuplicateList';
import { importJobFinished, importJobKey, importJobPollMs, importJobStatusPath, importKindOf, type ImportJob, type ImportResult } from './import-job';

const duration = (seconds: number) =>
  seconds < 60 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

export default function ImportJobPage() {
  const { jobId = '' } = useParams();
  const kind = importKindOf(useSearchParams()[0].get('kind'));
  const { workspace } = useWorkspace();
  const job = useQuery({
    queryKey: importJobKey(workspace.tenantId, jobId),
    queryFn: ({ signal }) => api.get<ImportJob>(importJobStatusPath(kind, jobId), { signal }),
    refetchInterval: (q) => (importJobFinished(q.state.data) ? false : importJobPollMs(q.state.dataUpdateCount)),
    meta: { action: 'see imports' },
  });
  const session = importFileOf(jobId);
  // A finished import changed companies, contacts and lists: the CRM pages read them again.
  const queryClient = useQueryClient();
  const finished = importJobFinished(job.data);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: workspaceKey(workspace.tenantId, 'crm') });
  }, [finished, queryClient, workspace.tenantId]);
  return (
    <div className="page">
      <h1>
        {kind === 'contacts' ? 'Contact import' : 'Import'}
        {session ? ` of ${session.fileName}` : ''}
      </h1>
      <QueryState query={job} label="the import">
        {(j) => (
          <>
            <Progress job={j} />
            {j.status === 'failed' && (
              <p className="error-text" role="alert">
                The import failed{j.error ? `: ${j.error}` : '.'} Rows written before it stopped stay imported.
              </p>
            )}
            {j.status === 'completed' && j.result && <Summary jobId={j.jobId} kind={kind} result={j.result} />}
          </>
        )}
      </QueryState>
      <p>
        <Link to="/imports">Import another file</Link> · <Link to="/imports/jobs">All import jobs</Link>
      </p>
    </div>
  );
}

function Progress({ job }: { job: ImportJob }) {
  const percent = job.total ? Math.floor((job.processed / job.total) * 100) : 0;
  const state = job.status === 'queued' ? 'Waiting to start' : job.status === 'running' ? 'Importing' : job.status === 'completed' ? 'Done' : 'Stopped';
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">{state}</h2>
      <progress className="import-progress" aria-labelledby="progress-heading" max={job.total || 1} value={job.processed} />
      <p aria-live="polite" className="progress-text">
        <span className="figure-inline">{percent} %</span>: {job.processed.toLocaleString()} of {job.total.toLocaleString()} rows
        {job.status === 'running' && job.rowsPerSecond > 0 && <>, {Math.round(job.rowsPerSecond).toLocaleString()} rows per second</>}
        {job.status === 'running' && job.etaSeconds !== null && <>, about {duration(job.etaSeconds)} left</>}
      </p>
    </section>
  );
}

function Summary({ jobId, kind, result }: { jobId: string; kind: ImportKind; result: ImportResult }) {
  const session = importFileOf(jobId);
  const download = () => {
    const blob = new Blob([rejectedRowsCsv(result.errors, session?.file)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `rejected-rows-${jobId}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <dl className="summary">
        <dt>Created</dt>
        <dd>{result.created}</dd>
        <dt>Updated</dt>
        <dd>{result.updated}</dd>
        <dt>Skipped as duplicates</dt>
        <dd>{result.skipped}</dd>
        <dt>Rejected</dt>
        <dd>{result.errors.length}</dd>
        {kind === 'companies' && (
          <>
            <dt>Contacts created</dt>
            <dd>{result.contactsCreated}</dd>
          </>
        )}
        {result.listId && (
          <>
            <dt>{kind === 'contacts' ? 'Contact list' : 'Company list'}</dt>
            <dd>
              <ImportedList kind={kind} listId={result.listId} />
            </dd>
          </>
        )}
      </dl>
      {result.errors.length > 0 && (
        <>
          <button type="button" className="secondary" onClick={download}>
            Download {result.errors.length} rejected rows with reasons
          </button>
          <ul className="plain">
            {result.errors.slice(0, 10).map((e) => (
              <li key={e.index}>
                Row {e.index + 2}: {e.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {session?.duplicates?.length ? <DuplicateList duplicates={session.duplicates} record={kind === 'contacts' ? 'contact' : 'company'} /> : null}
    </section>
  );
}

/** The list the import filled, by name, linked to its page (the id while the name is on its way or unreadable). */
function ImportedList({ kind, listId }: { kind: ImportKind; listId: string }) {
  const { workspace } = useWorkspace();
  const path = `/${kind === 'contacts' ? 'contact' : 'company'}-lists/${encodeURIComponent(listId)}`;
  const list = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'crm', `${kind === 'contacts' ? 'contact' : 'company'}-lists`, 'one', listId),
    queryFn: ({ signal }) => api.get<{ id: string; name: string }>(`/api${path}`, { signal }),
    meta: { action: 'see lists' },
  });
  return <Link to={path}>{list.data?.name ?? listId}</Link>;
}
