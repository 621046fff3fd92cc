import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { TimeSeriesPlot } from '../../components/TimeSeriesPlot';
import { recentPace, SERIES_POLL_MS, seriesForPlot, SKIP_WORDS, taskFinished, tasksKey, type MailingTask, type SendSeries } from './tasks-api';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Counters, skips by reason, the sends-per-minute plot, the send window and the pace. Polls while the task sends. */
export function TaskProgress({ task }: { task: MailingTask }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const live = task.status === 'ACTIVE';
  const series = useQuery({
    // The phase is in the key: when the task finishes, the series is read once more with its last sends.
    queryKey: tasksKey(t, 'task', task.id, 'series', { finished: taskFinished(task.status) }),
    queryFn: ({ signal }) => api.get<SendSeries>(`/api/tasks/${encodeURIComponent(task.id)}/send-series`, { signal }),
    enabled: Boolean(task.startedAt),
    refetchInterval: (q) => (live && !taskFinished(q.state.data?.status) ? SERIES_POLL_MS : false),
    meta: { action: 'see mailing tasks' },
  });
  const window = useQuery({
    queryKey: tasksKey(t, 'send-window'),
    queryFn: ({ signal }) =>
      api.get<{ windowOpen: boolean; nextOpenAt: string | null; configured: { enabled: boolean } }>('/api/settings/send-window', { signal }),
    enabled: !taskFinished(task.status),
    refetchInterval: live ? 30_000 : false,
    meta: { action: 'see the send window' },
  });
  const interval = useQuery({
    queryKey: tasksKey(t, 'min-send-interval'),
    queryFn: ({ signal }) => api.get<{ seconds: number }>('/api/settings/min-send-interval', { signal }),
    enabled: !taskFinished(task.status),
    meta: { action: 'see the send pace' },
  });
  const c = task.counters ?? {};
  const n = (k: string) => (c[k] ?? 0).toLocaleString();
  const done = (c.sent ?? 0) + (c.bounced ?? 0) + (c.failed ?? 0) + (c.skipped ?? 0) + (c.cancelled ?? 0);
  const plot = seriesForPlot(series.data);
  const pace = recentPace(series.data);
  const skipped = Object.entries(series.data?.skippedByReason ?? {});
  if (!task.startedAt) return <p>Progress shows here once the task is started.</p>;
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      <progress className="import-progress" aria-label="Recipients done" max={c.total || 1} value={done} />
      <dl className="summary task-counters">
        <dt>Recipients</dt>
        <dd>{n('total')}</dd>
        <dt>Queued</dt>
        <dd>{n('queued')}</dd>
        <dt>Sent</dt>
        <dd>{n('sent')}</dd>
        <dt>Skipped</dt>
        <dd>{n('skipped')}</dd>
        <dt>Bounced</dt>
        <dd>{n('bounced')}</dd>
        <dt>Failed</dt>
        <dd>{n('failed')}</dd>
        {/* What the recipients did: people, not events (one person opening twice is one). */}
        <dt>Opened</dt>
        <dd>{n('uniqueOpens')}</dd>
        <dt>Clicked</dt>
        <dd>{n('uniqueClicks')}</dd>
        <dt>Replied</dt>
        <dd>{n('replied')}</dd>
        <dt>Unsubscribed</dt>
        <dd>{n('unsubscribed')}</dd>
        {(c.cancelled ?? 0) > 0 && (
          <>
            <dt>Cancelled</dt>
            <dd>{n('cancelled')}</dd>
          </>
        )}
      </dl>
      {skipped.length > 0 && (
        <table>
          <caption>Skipped, by reason</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Recipients</th>
            </tr>
          </thead>
          <tbody>
            {skipped.map(([r, k]) => (
              <tr key={r}>
                <td>{SKIP_WORDS[r] ?? r}</td>
                <td>{k.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!taskFinished(task.status) && (
        <dl className="summary">
          <dt>Send window</dt>
          <dd>
            {window.data
              ? window.data.windowOpen
                ? window.data.configured.enabled
                  ? 'Open now'
                  : 'Always open (no window set)'
                : window.data.nextOpenAt
                  ? `Closed; opens ${dateTime.format(new Date(window.data.nextOpenAt))}`
                  : 'Closed'
              : '…'}
          </dd>
          <dt>Pace</dt>
          <dd>
            {interval.data ? (interval.data.seconds > 0 ? `At most one email every ${interval.data.seconds} s per mailbox` : 'No minimum interval') : '…'}
            {pace !== null ? `; measured ${pace.toFixed(1)} per minute over the last minutes` : ''}
          </dd>
        </dl>
      )}
      <TimeSeriesPlot title="Sends per minute" yLabel="emails / min" times={plot.times} series={plot.series} bars />
      {series.data?.truncated && <p className="muted">The plot covers the first recipients read; this task has more.</p>}
    </section>
  );
}
