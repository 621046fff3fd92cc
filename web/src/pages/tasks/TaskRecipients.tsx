import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { SERIES_POLL_MS, SKIP_WORDS, tasksKey } from './tasks-api';

interface Item {
  contactId: string;
  email: string | null;
  status: string;
  reason: string | null;
}
const STATUSES = ['', 'QUEUED', 'SENDING', 'SENT', 'SKIPPED', 'BOUNCED', 'FAILED', 'CANCELLED'];
const PAGE = 50;

/** The task's recipients a page at a time (a task may have thousands: the page never loads them all). */
export function TaskRecipients({ taskId, live }: { taskId: string; live: boolean }) {
  const { workspace } = useWorkspace();
  const [status, setStatus] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const items = useQuery({
    queryKey: tasksKey(workspace.tenantId, 'task', taskId, 'items', { status, cursor, live }),
    queryFn: ({ signal }) =>
      api.get<{ data: Item[]; nextCursor: string | null }>(`/api/tasks/${encodeURIComponent(taskId)}/items`, {
        signal,
        query: { pageSize: PAGE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
      }),
    // While the task sends, the page shown follows it (one page of 50: cheap).
    refetchInterval: live ? SERIES_POLL_MS : false,
    meta: { action: 'see mailing tasks' },
  });
  return (
    <section aria-labelledby="recipients-heading">
      <h2 id="recipients-heading">Recipients</h2>
      <div className="field">
        <label htmlFor="recipient-status">Show</label>
        <select
          id="recipient-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setCursors([]);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? s.charAt(0) + s.slice(1).toLowerCase() : 'All'}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={items} label="the recipients">
        {(page) => (
          <>
            <TableRegion label="Recipients of the task">
              <table className="data">
                <caption className="visually-hidden">Recipients of the task</caption>
                <thead>
                  <tr>
                    <th scope="col">Address</th>
                    <th scope="col">State</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((i) => (
                    <tr key={i.contactId}>
                      <td>{i.email ?? '(no address)'}</td>
                      <td>{i.status.charAt(0) + i.status.slice(1).toLowerCase()}</td>
                      <td>{i.reason ? (SKIP_WORDS[i.reason] ?? i.reason.replace(/_/g, ' ')) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <p className="actions">
              {cursors.length > 0 && (
                <button type="button" className="secondary" onClick={() => setCursors((c) => c.slice(0, -1))}>
                  Previous recipients
                </button>
              )}
              {page.nextCursor && (
                <button type="button" className="secondary" onClick={() => setCursors((c) => [...c, page.nextCursor!])}>
                  Next recipients
                </button>
              )}
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
