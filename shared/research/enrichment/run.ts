import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import {
  ActiveEnrichment,
  EnrichmentHost,
  EnrichmentItem,
  EnrichmentTask,
  TERMINAL,
  type EnrichmentStatus,
  type HostRecord,
  type TaskRecord,
} from './entities.js';
import { appendEvent } from './events.js';
import { CRAWL_QUEUE, ENRICHMENT_MACHINE } from './settings.js';

export interface CrawlMessage {
  type: 'crawl';
  tenantId: string;
  taskId: string;
  runId: string;
  /** Up to HOSTS_PER_MESSAGE hosts of the run, visited at once by one worker. */
  hosts?: string[];
  /** One host: a message sent by an earlier version (still queued after an upgrade). */
  host?: string;
}

/**
 * Hosts per `crawls` message. A message, a receive and a delete per host were half the store calls of
 * a crawled page locally (and SQS requests in AWS); with 16 messages in flight this is 64 hosts at once,
 * as the engine's own bench runs. Hosts of a message are visited in parallel, so a message still takes
 * about one host's time (the visibility bound holds).
 */
export const HOSTS_PER_MESSAGE = 4;
export interface RunInput {
  tenantId: string;
  taskId: string;
  runId: string;
}

export async function getTaskRecord(table: TableStore, taskId: string): Promise<TaskRecord> {
  if (taskId.includes('#')) throw notFound('Site enrichment task');
  const t = await table.get<TaskRecord>(EnrichmentTask.key({ taskId }));
  if (!t || !EnrichmentTask.is(t)) throw notFound('Site enrichment task');
  return t;
}

/** Starts the workflow of one run (the execution name carries the runId, so a repeat is one execution). */
export async function startRun(deps: Deps, tenantId: string, taskId: string, runId: string) {
  if (!deps.workflows) return log.warn('site enrichment: no workflow runner; task stays QUEUED', { taskId });
  await deps.workflows.start(ENRICHMENT_MACHINE, `se-${taskId}-${runId}`.slice(0, 80), { tenantId, taskId, runId });
}

async function* hostsOf(table: TableStore, taskId: string) {
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const out = await table.query<HostRecord>({ ...EnrichmentHost.query('primary', { taskId }), skBeginsWith: 'HOST#', limit: 200, cursor });
    yield* out.items;
    if (!(cursor = out.cursor)) return;
  }
}

const setActive = (deps: Deps, tenantId: string, taskId: string, on: boolean) =>
  on ? deps.platform.put(ActiveEnrichment.item({ tenantId, taskId }, { tenantId, taskId })) : deps.platform.delete(ActiveEnrichment.key({ tenantId, taskId }));

/** Workflow step `dispatch`: QUEUED/RUNNING → RUNNING for this run, and one crawl message per pending host. */
export async function dispatchRun(deps: Deps, input: RunInput): Promise<{ state: 'running' | 'stopped' }> {
  const table = deps.tenantTable(input.tenantId);
  const now = deps.clock.now();
  const task = await getTaskRecord(table, input.taskId);
  // The status and its `running` event in one write, so a cancel or pause racing this step logs its
  // events after `running` or not at all (its own write wins the condition first).
  const running = await appendEvent(
    table,
    input.taskId,
    'running',
    null,
    now,
    {},
    {
      taskSet: { status: 'RUNNING', runStartedAt: now, runProcessedAtStart: task.processed, lastProgressAt: now, updatedAt: new Date(now).toISOString() },
      taskCondition: {
        expression: '#s IN (:q, :r) AND runId = :run',
        names: { '#s': 'status' },
        values: { ':q': 'QUEUED', ':r': 'RUNNING', ':run': input.runId },
        holds: (t) => (t.status === 'QUEUED' || t.status === 'RUNNING') && t.runId === input.runId,
      },
    },
  );
  if (running === undefined) return { state: 'stopped' }; // paused, cancelled or superseded meanwhile
  await setActive(deps, input.tenantId, input.taskId, true);
  let hosts: string[] = [];
  const send = async () => {
    if (!hosts.length) return;
    await deps.queue?.send(CRAWL_QUEUE, { type: 'crawl', tenantId: input.tenantId, taskId: input.taskId, runId: input.runId, hosts } satisfies CrawlMessage, {
      dedupeId: `${input.taskId}-${input.runId}-${hosts[0]}`,
    });
    hosts = [];
  };
  for await (const h of hostsOf(table, input.taskId)) {
    if (h.status !== 'PENDING') continue;
    hosts.push(h.host);
    if (hosts.length === HOSTS_PER_MESSAGE) await send();
  }
  await send();
  return checkRun(deps, input);
}

/**
 * Workflow step `check`: `running` while hosts are pending; finishes the task when all are processed.
 * The crawl worker runs it too, after its claims, so the task finishes when its last company is done
 * rather than at the machine's next poll; `finish` is conditional, so one of them finishes it.
 */
export async function checkRun(deps: Deps, input: RunInput): Promise<{ state: 'running' | 'stopped' }> {
  const table = deps.tenantTable(input.tenantId);
  const task = await getTaskRecord(table, input.taskId);
  if (task.status !== 'RUNNING' || task.runId !== input.runId) return { state: 'stopped' };
  if (task.processed < task.total) return { state: 'running' };
  const status: EnrichmentStatus = task.ok === 0 && task.down > 0 ? 'FAILED' : task.down > 0 ? 'PARTIAL' : 'DONE';
  await finish(deps, input.tenantId, task, status, {
    expression: '#s = :r AND runId = :run',
    names: { '#s': 'status' },
    values: { ':r': 'RUNNING', ':run': input.runId },
  });
  return { state: 'stopped' };
}

async function finish(
  deps: Deps,
  tenantId: string,
  task: TaskRecord,
  status: EnrichmentStatus,
  condition: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
  payload: Record<string, unknown> | null = null,
) {
  const table = deps.tenantTable(tenantId);
  const now = deps.clock.now();
  try {
    await table.update(EnrichmentTask.key({ taskId: task.taskId }), {
      set: { status, finishedAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() },
      condition,
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
  await setActive(deps, tenantId, task.taskId, false);
  if (status === 'FAILED' && payload) await appendEvent(table, task.taskId, 'stall_watchdog_gave_up', payload, now);
  await appendEvent(table, task.taskId, status.toLowerCase() as 'done', null, now);
  return true;
}

/**
 * Puts every not-yet-OK host of the task back to PENDING under a new run: DOWN hosts and their
 * companies are reset (counters follow), PENDING ones just change run. OK and NO_SITE stay.
 */
async function requeueNotOk(table: TableStore, taskId: string, runId: string, now: number) {
  let companies = 0;
  let hosts = 0;
  for await (const h of hostsOf(table, taskId)) {
    if (h.status === 'OK' || h.status === 'NO_SITE') continue;
    const wasDown = h.status === 'DOWN';
    await table.update(EnrichmentHost.key({ taskId, host: h.host }), { set: { status: 'PENDING', runId } });
    if (!wasDown) continue;
    hosts++;
    for (const companyId of h.companyIds) {
      try {
        await table.update(EnrichmentItem.key({ taskId, companyId }), {
          set: { status: 'PENDING', reasonCode: null, processedAt: null },
          condition: { expression: '#s = :d', names: { '#s': 'status' }, values: { ':d': 'DOWN' } },
        });
        companies++;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
      }
    }
  }
  return { add: { processed: -companies, down: -companies, domainsProcessed: -hosts, domainsDown: -hosts }, now };
}

type Transition = 'pause' | 'resume' | 'cancel' | 'retry';
const FROM: Record<Transition, EnrichmentStatus[]> = {
  pause: ['QUEUED', 'RUNNING'],
  resume: ['PAUSED'],
  cancel: ['QUEUED', 'RUNNING'],
  retry: ['FAILED', 'PARTIAL', 'CANCELLED'],
};

/** Reads before a transition gives up with task_changed: the crawl moves a task on by itself. */
const TRANSITION_ATTEMPTS = 5;

/**
 * pause / resume / cancel / retry exactly as the state table says; other states → 409. The crawl moves
 * a task on by itself (QUEUED → RUNNING, a new run after a restart) between the read and the write: a
 * write refused for that reads the task again and decides again, so a person's cancel of a task that
 * just started is not a 409; after TRANSITION_ATTEMPTS changes in a row it is (task_changed).
 */
export async function transition(deps: Deps, tenantId: string, taskId: string, action: Transition) {
  const table = deps.tenantTable(tenantId);
  for (let attempt = 1; ; attempt++) {
    const task = await getTaskRecord(table, taskId);
    const now = deps.clock.now();
    if (!FROM[action].includes(task.status))
      throw conflict(`Task is ${task.status}; ${action} needs ${FROM[action].join(' or ')}`, { code: 'invalid_state', status: task.status });
    const runId = action === 'resume' || action === 'retry' ? newId(now) : task.runId;
    const next: EnrichmentStatus = action === 'pause' ? 'PAUSED' : action === 'cancel' ? 'CANCELLED' : action === 'resume' ? 'RUNNING' : 'QUEUED';
    try {
      await table.update(EnrichmentTask.key({ taskId }), {
        set: {
          status: next,
          runId,
          updatedAt: new Date(now).toISOString(),
          ...(next === 'CANCELLED' ? { finishedAt: new Date(now).toISOString() } : { finishedAt: null }),
          ...(action === 'retry' ? { resumeAttempts: 0 } : {}),
        },
        condition: { expression: '#s = :from AND runId = :run', names: { '#s': 'status' }, values: { ':from': task.status, ':run': task.runId } },
      });
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      if (attempt < TRANSITION_ATTEMPTS) continue;
      throw conflict('Task changed meanwhile; retry', { code: 'task_changed' });
    }
    return afterTransition(deps, tenantId, taskId, action, runId, now);
  }
}

/** What follows a transition's write: its events, the active list, and for resume / retry the new run. */
async function afterTransition(deps: Deps, tenantId: string, taskId: string, action: Transition, runId: string, now: number) {
  const table = deps.tenantTable(tenantId);
  if (action === 'cancel') await appendEvent(table, taskId, 'cancel_requested', null, now);
  if (action === 'pause' || action === 'cancel') await setActive(deps, tenantId, taskId, false);
  if (action === 'cancel') await appendEvent(table, taskId, 'cancelled', null, now);
  if (action === 'resume' || action === 'retry') {
    const reset = await requeueNotOk(table, taskId, runId, now);
    await table.update(EnrichmentTask.key({ taskId }), { add: reset.add, set: action === 'resume' ? { status: 'QUEUED' } : {} });
    if (action === 'retry') await appendEvent(table, taskId, 'retry', null, now);
    await startRun(deps, tenantId, taskId, runId);
  }
  return getTaskRecord(table, taskId);
}

/**
 * Reclaims a RUNNING task whose run stopped (process restart, or no progress for the stall window):
 * events `interrupted` + `resumed_*`, a new run re-dispatching the still-pending hosts. The watchdog
 * gives up after maxAttempts reclaims: FAILED with `stall_watchdog_gave_up`. PAUSED tasks are never touched.
 */
export async function reclaim(deps: Deps, tenantId: string, taskId: string, why: 'restart' | 'watchdog', maxAttempts: number) {
  const table = deps.tenantTable(tenantId);
  const task = await table.get<TaskRecord>(EnrichmentTask.key({ taskId }));
  if (!task || task.status !== 'RUNNING') return void (await setActive(deps, tenantId, taskId, false).catch(() => undefined));
  const now = deps.clock.now();
  const cond = { expression: '#s = :r AND runId = :run', names: { '#s': 'status' }, values: { ':r': 'RUNNING', ':run': task.runId } };
  if (why === 'watchdog' && task.resumeAttempts >= maxAttempts) {
    await finish(deps, tenantId, task, 'FAILED', cond, { attempts: task.resumeAttempts, maxAttempts });
    return 'gave_up';
  }
  const runId = newId(now);
  try {
    await table.update(EnrichmentTask.key({ taskId }), {
      set: { status: 'QUEUED', runId },
      add: why === 'watchdog' ? { resumeAttempts: 1 } : {},
      condition: cond,
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return;
    throw e;
  }
  await appendEvent(table, taskId, 'interrupted', null, now);
  await appendEvent(table, taskId, why === 'restart' ? 'resumed_after_restart' : 'resumed_by_stall_watchdog', { resumedAt: new Date(now).toISOString() }, now);
  for await (const h of hostsOf(table, taskId))
    if (h.status === 'PENDING') await table.update(EnrichmentHost.key({ taskId, host: h.host }), { set: { runId } });
  await startRun(deps, tenantId, taskId, runId);
  return 'resumed';
}

/** Every task the platform table lists as active (RUNNING), for the watchdog and the restart scan. */
export async function activeTasks(deps: Deps) {
  const out: { tenantId: string; taskId: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const got = await deps.platform.query<{ tenantId: string; taskId: string }>({ pk: 'SEACTIVE', limit: 200, cursor });
    out.push(...got.items.map((i) => ({ tenantId: i.tenantId, taskId: i.taskId })));
    if (!(cursor = got.cursor)) break;
  }
  return out;
}

/** The stall watchdog: reclaims RUNNING tasks whose last progress is older than stallMs. */
export async function watchdogScan(deps: Deps, stallMs: number, maxAttempts: number) {
  const now = deps.clock.now();
  let reclaimed = 0;
  for (const a of await activeTasks(deps)) {
    const task = await deps
      .tenantTable(a.tenantId)
      .get<TaskRecord>(EnrichmentTask.key({ taskId: a.taskId }))
      .catch(() => undefined);
    if (!task || TERMINAL.includes(task.status) || task.status === 'PAUSED') {
      await setActive(deps, a.tenantId, a.taskId, false);
      continue;
    }
    if (task.status === 'RUNNING' && now - (task.lastProgressAt ?? 0) > stallMs)
      (await reclaim(deps, a.tenantId, a.taskId, 'watchdog', maxAttempts), reclaimed++);
  }
  return reclaimed;
}
