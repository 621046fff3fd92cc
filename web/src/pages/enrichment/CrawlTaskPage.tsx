import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FunnelChart } from '../../components/FunnelChart';
import { QueryState } from '../../components/QueryState';
import { TimeSeriesPlot } from '../../components/TimeSeriesPlot';
import { CountBars } from './CountBars';
import { CrawlEventLog } from './CrawlEventLog';
import { CrawlResults } from './CrawlResults';
import {
  appendEvents,
  crawlActionRefusal,
  emptyLog,
  isFinished,
  paceInWords,
  paceSeries,
  POLL_MS,
  reasonInWords,
  STATUS_WORDS,
  type CrawlAction,
  type CrawlEvent,
  type CrawlStats,
  type CrawlTask,
  type EventLog,
} from './enrichment-api';

/** Pages of events read per poll at most (500 each): a long backlog is caught up over a few polls. */
const EVENT_PAGES_PER_POLL = 4;
const TERMINAL_EVENTS = new Set(['done', 'partial', 'failed', 'cancelled']);
/** After the task finished, the log keeps polling until its closing event arrives, this long at most. */
const LOG_GRACE_MS = 30_000;
/**
 * The stats read every item of the task (reasons, domains, pace), so they are re-read less often than the
 * task itself, whose counters (the companies' funnel) are one record and move every POLL_MS.
 */
const STATS_POLL_MS = 6000;

/** One crawl: state and actions, the funnel, pace and reasons, the live event log and per-company results. */
export default function CrawlTaskPage() {
  const { taskId = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const base = `/api/site-enrichment/tasks/${encodeURIComponent(taskId)}`;
  const key = (...rest: unknown[]) => workspaceKey(t, 'enrichment', 'task', taskId, ...rest);

  const task = useQuery({
    queryKey: key(),
    queryFn: ({ signal }) => api.get<CrawlTask>(base, { signal }),
    refetchInterval: (q) => (isFinished(q.state.data) ? false : POLL_MS),
    meta: { action: 'see site crawls' },
  });
  const live = task.isSuccess && !isFinished(task.data);
  const stats = useQuery({
    queryKey: key('stats'),
    queryFn: ({ signal }) => api.get<CrawlStats>(`${base}/stats`, { signal }),
    refetchInterval: live ? STATS_POLL_MS : false,
    meta: { action: 'see site crawls' },
  });
  // The log is read on from its cursor: each read appends to what the cache holds (appendEvents, bounded).
  const eventsKey = key('events');
  const events = useQuery({
    queryKey: eventsKey,
    queryFn: async ({ signal }) => {
      let log = queryClient.getQueryData<EventLog>(eventsKey) ?? emptyLog;
      for (let i = 0; i < EVENT_PAGES_PER_POLL; i++) {
        const page = await api.get<{ data: CrawlEvent[]; cursor: number; hasMore: boolean }>(`${base}/events`, {
          signal,
          query: { cursor: log.cursor, limit: 500 },
        });
        log = appendEvents(log, page);
        if (!page.hasMore) break;
      }
      return log;
    },
    refetchInterval: (q) => {
      const log = q.state.data;
      if (!task.data || !isFinished(task.data) || log?.hasMore) return POLL_MS;
      const closed = log && TERMINAL_EVENTS.has(log.lines[log.lines.length - 1]?.kind ?? '');
      const finishedAt = Date.parse(task.data.finishedAt ?? task.data.createdAt);
      return closed || Date.now() - finishedAt > LOG_GRACE_MS ? false : POLL_MS;
    },
    meta: { action: 'see site crawls' },
  });

  // When the crawl finishes, the figures are read once more so that the last poll's numbers are final.
  const wasLive = useRef(false);
  useEffect(() => {
    if (live) wasLive.current = true;
    else if (wasLive.current && task.isSuccess) {
      wasLive.current = false;
      void queryClient.invalidateQueries({ queryKey: key('stats') });
      void queryClient.invalidateQueries({ queryKey: key('items') });
    }
  });

  return (
    <div className="page page-wide">
      <h1>Site crawl</h1>
      <QueryState query={task} label="the crawl">
        {(x) => (
          <>
            <Summary task={x} />
            <Actions task={x} base={base} onDone={() => void queryClient.invalidateQueries({ queryKey: key() })} />
            <QueryState query={stats} label="the crawl's figures">
              {(s) => <Figures counters={x.counters} stats={s} log={events.data ?? emptyLog} />}
            </QueryState>
            <QueryState query={events} label="the events">
              {(log) => <CrawlEventLog log={log} />}
            </QueryState>
            <CrawlResults taskId={taskId} reasons={Object.keys(stats.data?.byReason ?? {})} live={live} />
          </>
        )}
      </QueryState>
      <p>
        <Link to="/enrichment">All crawls</Link>
      </p>
    </div>
  );
}

function Summary({ task }: { task: CrawlTask }) {
  const c = task.counters;
  return (
    <dl className="details">
      <dt>Status</dt>
      <dd aria-live="polite">{STATUS_WORDS[task.status] ?? task.status}</dd>
      <dt>Progress</dt>
      <dd>
        {c.processed.toLocaleString()} of {c.total.toLocaleString()} companies processed
      </dd>
      <dt>Started</dt>
      <dd>{new Date(task.createdAt).toLocaleString()}</dd>
      {task.finishedAt && (
        <>
          <dt>Finished</dt>
          <dd>{new Date(task.finishedAt).toLocaleString()}</dd>
        </>
      )}
      <dt>Pages per site</dt>
      <dd>{task.options.visitPages === 'home+contacts' ? 'Home page and one more' : 'Home page'}</dd>
      {task.listId && (
        <>
          <dt>Company list</dt>
          <dd>
            <Link to={`/company-lists/${encodeURIComponent(task.listId)}`}>Open the list</Link>
          </dd>
        </>
      )}
    </dl>
  );
}

const ACTIONS: { action: CrawlAction; label: string; when: CrawlTask['status'][] }[] = [
  { action: 'pause', label: 'Pause', when: ['QUEUED', 'RUNNING'] },
  { action: 'resume', label: 'Resume', when: ['PAUSED'] },
  { action: 'cancel', label: 'Cancel', when: ['QUEUED', 'RUNNING'] },
  { action: 'retry', label: 'Retry the sites not read', when: ['FAILED', 'PARTIAL', 'CANCELLED'] },
];

/** Pause / resume / cancel / retry, the ones the state allows; a 409 (the state moved on meanwhile) in words. */
function Actions({ task, base, onDone }: { task: CrawlTask; base: string; onDone: () => void }) {
  const act = useMutation({
    mutationFn: (action: CrawlAction) => api.post<CrawlTask>(`${base}/${action}`, {}),
    meta: { action: 'change site crawls' },
    onSettled: onDone,
  });
  const shown = ACTIONS.filter((a) => a.when.includes(task.status));
  const refusal = act.error ? (crawlActionRefusal(act.error, act.variables!) ?? describeError(act.error, 'change site crawls')) : null;
  if (!shown.length && !refusal) return null;
  return (
    <div className="page-section">
      <div className="actions">
        {shown.map((a) => (
          <button
            key={a.action}
            type="button"
            className={a.action === 'cancel' ? 'danger' : a.action === 'pause' ? 'secondary' : undefined}
            disabled={act.isPending}
            onClick={() => act.mutate(a.action)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {refusal && (
        <p className="error-text" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

function Figures({ counters: cards, stats, log }: { counters: CrawlTask['counters']; stats: CrawlStats; log: EventLog }) {
  const domains = stats.funnel.domains;
  const pace = paceSeries(log.buckets);
  const reasons = Object.entries(stats.byReason)
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => ({ label: `${reasonInWords(code)} (${code})`, count }));
  const got = stats.collected;
  return (
    <section aria-labelledby="figures-heading" className="page-section">
      <h2 id="figures-heading">Progress</h2>
      <div className="plot-grid">
        <FunnelChart
          title="Companies"
          steps={[
            { label: 'Queued', count: cards.total },
            { label: 'Processed', count: cards.processed },
            { label: 'OK', count: cards.ok },
          ]}
        />
        <CountBars
          title="Processed companies by outcome"
          whole={{ label: 'processed', count: cards.processed }}
          items={[
            { label: 'OK', count: cards.ok },
            { label: 'Down', count: cards.down },
            { label: 'No site', count: cards.noSite },
          ]}
        />
        <FunnelChart
          title="Domains (one visit each)"
          steps={[
            { label: 'In scope', count: domains.uniqueInScope },
            { label: 'Visited', count: domains.processed },
            { label: 'Read', count: domains.ok },
          ]}
        />
        <CountBars title="Results by reason" whole={{ label: 'processed', count: cards.processed }} items={reasons} />
      </div>
      <p aria-live="polite">
        <strong>Pace:</strong> {paceInWords(stats.pace)}
      </p>
      <TimeSeriesPlot
        title={`Companies processed per minute (${pace.bucketSeconds < 60 ? `${pace.bucketSeconds} s` : `${pace.bucketSeconds / 60} min`} buckets, from the event log)`}
        yLabel="companies / min"
        times={pace.times}
        series={[
          { label: 'Processed', values: pace.processed },
          { label: 'OK', values: pace.ok },
        ]}
      />
      <dl className="details">
        <dt>New emails</dt>
        <dd>{got.emailsAdded ?? '—'}</dd>
        <dt>New phones</dt>
        <dd>{got.phonesAdded ?? '—'}</dd>
        <dt>New social profiles</dt>
        <dd>{got.socialAdded ?? '—'}</dd>
        <dt>Titles found</dt>
        <dd>{got.titleFound ?? '—'}</dd>
        <dt>Read by</dt>
        <dd>
          plain fetch {stats.byMethod.fetch}, browser {stats.byMethod.browser}
        </dd>
      </dl>
    </section>
  );
}
