import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TaskActions } from './TaskActions';
import { TaskProgress } from './TaskProgress';
import { TaskRecipients } from './TaskRecipients';
import { pauseInWords, STATUS_WORDS, TASK_POLL_MS, taskFinished, tasksKey, type MailingTask } from './tasks-api';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One mailing task: approval, start/pause/resume/cancel, and its progress live while it sends. */
export default function TaskPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const task = useQuery({
    queryKey: tasksKey(workspace.tenantId, 'task', id),
    queryFn: ({ signal }) => api.get<MailingTask>(`/api/tasks/${encodeURIComponent(id)}`, { signal }),
    // Live while it can still change by itself (ACTIVE; a DRAFT or PAUSED one changes when someone acts, which refetches).
    refetchInterval: (q) => (q.state.data?.status === 'ACTIVE' ? TASK_POLL_MS : false),
    // Replies, opens and clicks keep coming after the last send: every visit reads the counters afresh.
    refetchOnMount: 'always',
    meta: { action: 'see mailing tasks' },
  });
  return (
    <div className="page">
      <QueryState query={task} label="the task">
        {(t) => (
          <>
            <h1>{t.description || t.name || 'Mailing task'}</h1>
            <p className="task-state" aria-live="polite">
              <strong>{STATUS_WORDS[t.status] ?? t.status}</strong>
              {' · '}
              {t.approvalStatus === 'APPROVED' ? 'Approved' : 'Waiting for approval'}
              {t.status === 'PAUSED' && t.pauseReason ? ` · ${pauseInWords(t.pauseReason)}` : ''}
            </p>
            {t.approvalResetReason === 'creative_changed' && t.approvalStatus !== 'APPROVED' && (
              <p className="notice">The creative was edited after approval, so the task needs approving again.</p>
            )}
            <dl className="summary">
              <dt>Created</dt>
              <dd>{dateTime.format(new Date(t.createdAt))}</dd>
              {t.startedAt && (
                <>
                  <dt>Started</dt>
                  <dd>{dateTime.format(new Date(t.startedAt))}</dd>
                </>
              )}
              {t.completedAt && (
                <>
                  <dt>Finished</dt>
                  <dd>{dateTime.format(new Date(t.completedAt))}</dd>
                </>
              )}
              {t.approval && t.approvalStatus === 'APPROVED' && (
                <>
                  <dt>Approval note</dt>
                  <dd>
                    {t.approval.auto ? 'Approved automatically (workspace setting)' : t.approval.note || '(no note)'},{' '}
                    {dateTime.format(new Date(t.approval.at))}
                    {t.approval.by.kind === 'key' ? ' by an API key' : ''}
                  </dd>
                </>
              )}
              {t.creativeId && (
                <>
                  <dt>Creative</dt>
                  <dd>
                    <Link to={`/creatives/${encodeURIComponent(t.creativeId)}`}>Open the creative</Link>
                  </dd>
                </>
              )}
              {t.accountId && (
                <>
                  <dt>Mailbox</dt>
                  <dd>
                    <Link to={`/senders/${encodeURIComponent(t.accountId)}`}>Open the mailbox</Link>
                  </dd>
                </>
              )}
            </dl>
            <TaskActions task={t} />
            <TaskProgress task={t} />
            {t.startedAt && !taskFinished(t.status) && <p className="muted">This page updates by itself while the task sends.</p>}
            {t.startedAt && <TaskRecipients taskId={t.id} live={t.status === 'ACTIVE'} />}
          </>
        )}
      </QueryState>
      <p>
        <Link to="/tasks">All mailing tasks</Link>
      </p>
    </div>
  );
}
