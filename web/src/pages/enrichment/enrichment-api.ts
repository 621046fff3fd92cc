import { conflictInWords, isApiError } from '../../api/errors';

/** The shapes of the site-enrichment operations this area reads (spec group J). */
export type CrawlStatus = 'QUEUED' | 'RUNNING' | 'PAUSED' | 'CANCELLED' | 'DONE' | 'FAILED' | 'PARTIAL';

export interface CrawlTask {
  taskId: string;
  status: CrawlStatus;
  listId: string | null;
  scoringTaskId: string | null;
  options: { visitPages: string; timeoutMs: number; maxAttempts: number; pageConcurrency: number; domainField: string; saveScreenshot: boolean };
  counters: { total: number; processed: number; ok: number; down: number; noSite: number };
  createdAt: string;
  finishedAt: string | null;
}

export type Pace =
  | { state: 'finished' | 'paused' | 'insufficient_data' | 'no_progress' }
  | { state: 'steady'; etaSeconds: number }
  | { state: 'uneven'; etaSecondsMin: number; etaSecondsMax: number };

export interface CrawlStats {
  funnel: {
    cards: { queued: number; withDomain: number; processed: number; ok: number; down: number; noSite: number };
    domains: { uniqueInScope: number; processed: number; ok: number; down: number };
  };
  collected: { emailsAdded: number | null; phonesAdded: number | null; socialAdded: number | null; titleFound: number | null };
  byMethod: { fetch: number; browser: number };
  byReason: Record<string, number>;
  pace: Pace;
}

export interface CrawlItem {
  companyId: string;
  host: string | null;
  url: string | null;
  status: 'PENDING' | 'OK' | 'DOWN' | 'NO_SITE';
  reasonCode: string | null;
  method: string | null;
  title: string | null;
  sourceUrls: string[];
  added: { emails: number; phones: number; social: number } | null;
  processedAt: string | null;
}

export interface CrawlEvent {
  seq: number;
  kind: string;
  payload: unknown;
  at: string;
  companyId?: string;
  reasonCode?: string;
}

/** One contact the crawl put on a card (company.customFields.site_contacts), with the page it was read on. */
export interface SiteContact {
  value: string;
  sourceUrl: string;
  collectedAt: string;
}

export const FINISHED: CrawlStatus[] = ['CANCELLED', 'DONE', 'FAILED', 'PARTIAL'];
export const isFinished = (t: { status: CrawlStatus } | undefined) => Boolean(t && FINISHED.includes(t.status));
/** Live views poll at most every 2 s (issue 26's bound). */
export const POLL_MS = 2000;

export const STATUS_WORDS: Record<CrawlStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  PAUSED: 'Paused',
  CANCELLED: 'Cancelled',
  DONE: 'Done',
  FAILED: 'Failed',
  PARTIAL: 'Done, some sites down',
};

export const ITEM_WORDS: Record<CrawlItem['status'], string> = { PENDING: 'Waiting', OK: 'OK', DOWN: 'Down', NO_SITE: 'No site' };

const REASON_WORDS: Record<string, string> = {
  no_domain: 'no website on the card',
  invalid_domain: 'website is not a valid address',
  invalid_url: 'website is not a valid address',
  blocked_target: 'address not allowed (private network)',
  dns_failure: 'domain does not resolve',
  connection_refused: 'connection refused',
  connection_reset: 'connection reset',
  network_error: 'network error',
  tls_error: 'TLS (https) error',
  timeout: 'no answer in time',
  http_4xx: 'page not found or refused (4xx)',
  http_5xx: 'server error (5xx)',
  not_html: 'not a web page',
  empty_page: 'empty page',
  parked_domain: 'parked domain (for sale)',
  bad_redirect: 'redirect to another site',
  too_many_redirects: 'too many redirects',
  blocked_by_robots: 'robots.txt forbids it',
  browser_error: 'browser could not render it',
  page_too_complex: 'page too complex to read',
  stall_watchdog_gave_up: 'stopped after repeated stalls',
};

/** A lower_snake reasonCode as words (the code itself stays visible next to it where space allows). */
export const reasonInWords = (code: string | null | undefined) => (code ? (REASON_WORDS[code] ?? code.replace(/_/g, ' ')) : '—');

const ACTION_FROM: Record<CrawlAction, string> = {
  pause: 'a queued or running crawl',
  resume: 'a paused crawl',
  cancel: 'a queued or running crawl',
  retry: 'a failed, partly done or cancelled crawl',
};
export type CrawlAction = 'pause' | 'resume' | 'cancel' | 'retry';
const ACTION_VERB: Record<CrawlAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled', retry: 'retried' };

/**
 * A refused pause/resume/cancel/retry in words. The API's 409 `invalid_state` carries the task's
 * status; the person is told what it is now and which state the action needs.
 */
export function crawlActionRefusal(err: unknown, action: CrawlAction): string | undefined {
  if (!isApiError(err) || err.status !== 409) return undefined;
  if (err.code === 'invalid_state') {
    const status = typeof err.body.status === 'string' ? (STATUS_WORDS[err.body.status as CrawlStatus] ?? err.body.status) : undefined;
    return `This crawl ${status ? `is ${status.toLowerCase()}` : 'changed meanwhile'}, so it cannot be ${ACTION_VERB[action]}: only ${ACTION_FROM[action]} can.`;
  }
  if (err.code === 'task_changed') return `The crawl changed while it was being ${ACTION_VERB[action]}. Look at its state above and try again.`;
  return conflictInWords(err);
}

/** The pace state in words (the API's `pace`). */
export function paceInWords(p: Pace): string {
  switch (p.state) {
    case 'finished':
      return 'Finished.';
    case 'paused':
      return 'Paused: nothing is being crawled.';
    case 'insufficient_data':
      return 'Measuring the pace (a few sites first).';
    case 'no_progress':
      return 'No progress in the last minute.';
    case 'steady':
      return `Steady: about ${duration(p.etaSeconds)} left.`;
    case 'uneven':
      return `Uneven (sites take very different times): ${duration(p.etaSecondsMin)} to ${duration(p.etaSecondsMax)} left.`;
  }
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

/** Only http(s) addresses become links (a crawled sourceUrl is data from the web). */
export const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

// --- The live event log: read on from the cursor, keep a bounded tail, count outcomes over time ---

/** Lines kept on the page; older ones leave the log (the API keeps them all). */
export const LOG_LINES = 200;
/** Resolution of the pace series: outcome counts per 10 s. */
export const BUCKET_SECONDS = 10;

export interface EventLog {
  /** The last seq read: the next read asks for what comes after it. */
  cursor: number;
  /** The newest LOG_LINES events, oldest first. */
  lines: CrawlEvent[];
  /** Events read in all (the log shows only the tail). */
  total: number;
  /** Outcomes per BUCKET_SECONDS bucket (start, unix seconds). */
  buckets: Record<number, { ok: number; down: number; noSite: number }>;
  /** The last answer said there is more after the cursor. */
  hasMore: boolean;
}

export const emptyLog: EventLog = { cursor: 0, lines: [], total: 0, buckets: {}, hasMore: false };

const OUTCOME: Record<string, 'ok' | 'down' | 'noSite'> = { item_ok: 'ok', item_down: 'down', item_no_site: 'noSite' };

/**
 * Appends one answer of the events operation. Pure; events at or before the cursor are ignored, so an
 * answer applied twice changes nothing.
 */
export function appendEvents(log: EventLog, page: { data: CrawlEvent[]; cursor: number; hasMore: boolean }): EventLog {
  const fresh = page.data.filter((e) => e.seq > log.cursor).sort((a, b) => a.seq - b.seq);
  if (!fresh.length) return log.hasMore === page.hasMore ? log : { ...log, hasMore: page.hasMore };
  const buckets = { ...log.buckets };
  for (const e of fresh) {
    const outcome = OUTCOME[e.kind];
    if (!outcome) continue;
    const at = Math.floor(Date.parse(e.at) / 1000 / BUCKET_SECONDS) * BUCKET_SECONDS;
    if (!Number.isFinite(at)) continue;
    const b = (buckets[at] = { ...(buckets[at] ?? { ok: 0, down: 0, noSite: 0 }) });
    b[outcome]++;
  }
  return {
    cursor: Math.max(log.cursor, fresh[fresh.length - 1].seq),
    lines: [...log.lines, ...fresh].slice(-LOG_LINES),
    total: log.total + fresh.length,
    buckets,
    hasMore: page.hasMore,
  };
}

/** At most this many points on the pace plot: a long crawl gets wider buckets. */
const MAX_POINTS = 120;

/**
 * Companies processed per minute over time, from the bucketed outcomes: one point per bucket from the
 * first to the last (empty buckets are 0), the bucket widened (10 s, 1 min, 10 min, 1 h) to stay under
 * MAX_POINTS.
 */
export function paceSeries(buckets: EventLog['buckets']) {
  const starts = Object.keys(buckets)
    .map(Number)
    .sort((a, b) => a - b);
  if (!starts.length) return { times: [] as number[], processed: [] as number[], ok: [] as number[], bucketSeconds: BUCKET_SECONDS };
  const first = starts[0];
  const last = starts[starts.length - 1];
  const bucketSeconds = [BUCKET_SECONDS, 60, 600, 3600].find((w) => (last - first) / w < MAX_POINTS) ?? 86_400;
  const at = (s: number) => Math.floor(s / bucketSeconds) * bucketSeconds;
  const times: number[] = [];
  for (let t = at(first); t <= at(last); t += bucketSeconds) times.push(t);
  const processed = times.map(() => 0);
  const ok = times.map(() => 0);
  for (const s of starts) {
    const i = (at(s) - at(first)) / bucketSeconds;
    const b = buckets[s];
    processed[i] += b.ok + b.down + b.noSite;
    ok[i] += b.ok;
  }
  const perMinute = (n: number) => Math.round(((n * 60) / bucketSeconds) * 10) / 10;
  return { times, processed: processed.map(perMinute), ok: ok.map(perMinute), bucketSeconds };
}

/** One event as a line of the log. */
export function eventInWords(e: CrawlEvent): string {
  const payload = (e.payload ?? {}) as { sourceUrls?: string[]; added?: { emails?: number; phones?: number; social?: number } };
  switch (e.kind) {
    case 'create':
      return 'Crawl created';
    case 'running':
      return 'Crawl started';
    case 'item_ok': {
      const a = payload.added ?? {};
      const found = [
        a.emails && `${a.emails} email${a.emails > 1 ? 's' : ''}`,
        a.phones && `${a.phones} phone${a.phones > 1 ? 's' : ''}`,
        a.social && `${a.social} social`,
      ]
        .filter(Boolean)
        .join(', ');
      return `Site read${payload.sourceUrls?.[0] ? `: ${payload.sourceUrls[0]}` : ''}${found ? ` — new: ${found}` : ''}`;
    }
    case 'item_down':
      return `Site down: ${reasonInWords(e.reasonCode)}`;
    case 'item_no_site':
      return 'No website on the card';
    case 'item_screenshot':
      return 'Screenshot saved';
    case 'cancel_requested':
      return 'Cancel requested';
    case 'cancelled':
      return 'Crawl cancelled';
    case 'retry':
      return 'Retry: the sites not yet read are queued again';
    case 'interrupted':
      return 'Interrupted';
    case 'resumed_after_restart':
      return 'Resumed after a restart';
    case 'resumed_by_stall_watchdog':
      return 'Resumed after a stall';
    case 'stall_watchdog_gave_up':
      return 'Stopped: stalled too often';
    case 'done':
      return 'Crawl finished';
    case 'partial':
      return 'Crawl finished, some sites down';
    case 'failed':
      return 'Crawl failed';
    default:
      return e.kind.replace(/_/g, ' ');
  }
}
