import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { rejectedRowsCsv } from './csv';
import { importFileOf } from './import-session';
import { DuplicateList } from './DuplicateList';
import { importJobFinished, importJobKey, importJobPollMs, type ImportJob, type ImportResult } from './import-job';

const duration = (seconds: number) =>
  seconds < 60 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

export default function ImportJobPage() {
  const { jobId = '' } = useParams();
  const { workspace } = useWorkspace();
  const job = useQuery({
    queryKey: importJobKey(workspace.tenantId, jobId),
    queryFn: ({ signal }) => api.get<ImportJob>(`/api/companies/import/jobs/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: (q) => (importJobFinished(q.state.data) ? false : importJobPollMs(q.state.dataUpdateCount)),
    meta: { action: 'see imports' },
  });
  const session = importFileOf(jobId);
  return (
    <div className="page">
      <h1>Import{session ? ` of ${session.fileName}` : ''}</h1>
      <QueryState query={job} label="the import">
        {(j) => (
          <>
            <Progress job={j} />
            {j.status === 'failed' && (
              <p className="error-text" role="alert">
                The import failed{j.error ? `: ${j.error}` : '.'} Rows written before it stopped stay imported.
              </p>
            )}
            {j.status === 'completed' && j.result && <Summary jobId={j.jobId} result={j.result} />}
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

function Summary({ jobId, result }: { jobId: string; result: ImportResult }) {
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
        <dt>Contacts created</dt>
        <dd>{result.contactsCreated}</dd>
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
      {session?.duplicates?.length ? <DuplicateList duplicates={session.duplicates} /> : null}
    </section>
  );
}
