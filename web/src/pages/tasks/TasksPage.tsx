import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { STATUS_WORDS, tasksKey, type MailingTask } from './tasks-api';

const STATUSES = ['', 'DRAFT', 'ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED'];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function TasksPage() {
  const { workspace } = useWorkspace();
  const [status, setStatus] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const list = useQuery({
    queryKey: tasksKey(workspace.tenantId, 'list', { status, cursor, methodId: 2 }),
    queryFn: ({ signal }) =>
      api.get<{ data: MailingTask[]; nextCursor: string | null }>('/api/tasks', {
        signal,
        query: { methodId: 2, pageSize: 50, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
      }),
    meta: { action: 'see mailing tasks' },
  });
  return (
    <div className="page">
      <h1>Mailing tasks</h1>
      <p>
        <Link to="/tasks/new">New mailing task</Link>
      </p>
      <div className="field">
        <label htmlFor="task-status-filter">State</label>
        <select
          id="task-status-filter"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setCursors([]);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? STATUS_WORDS[s] : 'Any state'}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={list} label="the mailing tasks">
        {(page) =>
          page.data.length === 0 ? (
            <p>No mailing tasks{status ? ` in this state` : ' yet'}.</p>
          ) : (
            <>
              <TableRegion label="Mailing tasks">
                <table className="data">
                  <caption className="visually-hidden">Mailing tasks, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Task</th>
                      <th scope="col">State</th>
                      <th scope="col">Approval</th>
                      <th scope="col">Sent of total</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((t) => (
                      <tr key={t.id}>
                        <td>
                          <Link to={`/tasks/${encodeURIComponent(t.id)}`}>{t.description || t.name || t.id}</Link>
                        </td>
                        <td>{STATUS_WORDS[t.status] ?? t.status}</td>
                        <td>{t.approvalStatus === 'APPROVED' ? 'Approved' : 'Waiting for approval'}</td>
                        <td>
                          {(t.counters?.sent ?? 0).toLocaleString()} of {(t.counters?.total ?? 0).toLocaleString()}
                        </td>
                        <td>{dateTime.format(new Date(t.createdAt))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <p className="actions">
                {cursors.length > 0 && (
                  <button type="button" className="secondary" onClick={() => setCursors((c) => c.slice(0, -1))}>
                    Previous page
                  </button>
                )}
                {page.nextCursor && (
                  <button type="button" className="secondary" onClick={() => setCursors((c) => [...c, page.nextCursor!])}>
                    Next page
                  </button>
                )}
              </p>
            </>
          )
        }
      </QueryState>
    </div>
  );
}
