import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { importJobPagePath, importKindOf } from './import-job';

interface ImportJobRow {
  jobId: string;
  kind: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  processed: number;
  total: number;
  createdAt: string;
  finishedAt?: string;
}

const PAGE_SIZE = 20;
/** While a job on the page is still going, the list refreshes so its rows move (the job page has the live bar). */
const POLL_MS = 2000;
const STATUS_WORDS = { queued: 'Waiting to start', running: 'Importing', completed: 'Done', failed: 'Failed' } as const;
const KIND_WORDS: Record<string, string> = { start: 'Companies', combined: 'Companies and contacts', contacts: 'Contacts' };

/** The workspace's import jobs, newest first: leaving an import and coming back finds it here. */
export default function ImportJobsPage() {
  const { workspace } = useWorkspace();
  const pages = useCursorPages();
  const list = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'imports', 'jobs', { pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: ImportJobRow[]; nextCursor: string | null }>('/api/companies/import/jobs', {
        signal,
        query: { pageSize: PAGE_SIZE, cursor: pages.cursor },
      }),
    refetchInterval: (q) => (q.state.data?.data.some((j) => j.status === 'queued' || j.status === 'running') ? POLL_MS : false),
    meta: { action: 'see imports' },
  });
  return (
    <div className="page">
      <h1>Import jobs</h1>
      <p className="lead">
        Imports of more than 500 rows run as jobs. Open one to follow its progress or read its summary. <Link to="/imports">Import a file</Link>
      </p>
      <QueryState query={list} label="the import jobs">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No import jobs yet.</p>
          ) : (
            <>
              <TableRegion label="Import jobs">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Started</th>
                      <th scope="col">What</th>
                      <th scope="col">Status</th>
                      <th scope="col">Rows</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((j) => (
                      <tr key={j.jobId}>
                        <td>
                          <Link to={importJobPagePath(importKindOf(j.kind), j.jobId)}>{new Date(j.createdAt).toLocaleString()}</Link>
                        </td>
                        <td>{KIND_WORDS[j.kind] ?? j.kind}</td>
                        <td>{STATUS_WORDS[j.status]}</td>
                        <td>
                          {j.processed.toLocaleString()} of {j.total.toLocaleString()}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
