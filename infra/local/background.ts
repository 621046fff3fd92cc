import { machines, onceJobs, schedules, workers } from '../../functions/background.js';
import { LocalFileStore } from '../../shared/platform/adapters/files/local-files.js';
import { LocalWorkflows, substitute } from '../../shared/platform/adapters/workflows/local-workflows.js';
import {
  backgroundScope,
  messagesInFlight,
  type OnceDefinition,
  type ScheduleDefinition,
  type WorkerDefinition,
} from '../../shared/platform/registry/background.js';
import { Cron } from 'croner';
import type { Clock } from '../../shared/platform/ports/clock.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { LocalConfig } from '../../shared/platform/runtime/local-config.js';
import { log } from '../../shared/platform/runtime/logger.js';
import { startInboxWatches } from './inbox-idle.js';
import { LocalWorkQueue } from './local-queue.js';
import { startMailSandboxService } from './mail-sandbox/sandbox.js';

export interface BackgroundService {
  name: string;
  stop(): Promise<void>;
}

/**
 * How the embedded runtime runs a worker: the declaration's settings (the same the CDK app deploys),
 * unless a local override is set (tests, benches). test/infra/background-parity.test.ts compares this
 * plan, without overrides, with the synthesized template.
 */
export const localWorkerPlan = (w: WorkerDefinition, local: LocalConfig) => ({
  queue: w.queue,
  visibilityMs: w.visibility * 1000,
  maxReceives: w.maxReceives,
  batchSize: w.batchSize,
  concurrency: w.concurrency,
  inFlight: w.local?.concurrency?.(local) ?? messagesInFlight(w),
});

/**
 * A schedule's local period (ms; 0 = off): the declaration's, unless a local override is set; undefined
 * for a cron schedule without an override (it runs at its cron's times, `atCronTimes`).
 */
export const localScheduleEveryMs = (s: ScheduleDefinition, local: LocalConfig): number | undefined =>
  s.local?.everyMs?.(local) ?? (s.cron === undefined ? s.every.minutes * 60_000 : undefined);

/** The local stand-in for Step Functions: every declared machine's ASL, its Task states mapped to the same task code. */
export function createLocalWorkflows(deps: Deps, opts: { tickMs?: number } = {}) {
  const workflows = new LocalWorkflows(deps.clock, opts);
  for (const m of machines)
    workflows.register(m.machine, {
      definition: substitute(m.asl(), { [m.taskArnVariable]: m.localTaskArn }),
      task: (payload) => backgroundScope(deps, m, () => m.task(deps, payload)),
    });
  return workflows;
}

/** Installs the runner as `deps.workflows`, then each machine's start hook (local executions do not survive a restart). */
export async function startLocalWorkflowService(deps: Deps): Promise<BackgroundService> {
  const workflows = createLocalWorkflows(deps, { tickMs: deps.config.local.workflowTickMs });
  deps.workflows = workflows;
  for (const m of machines) await m.local?.onStart?.(deps);
  return {
    name: 'local-workflows',
    async stop() {
      if (deps.workflows === workflows) deps.workflows = undefined;
      await workflows.stop();
    },
  };
}

export async function startWorker(deps: Deps, w: WorkerDefinition): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: w.name, stop: async () => undefined };
  await w.local?.onStart?.(deps);
  const plan = localWorkerPlan(w, deps.config.local);
  const consumer = queue.consume(plan.queue, (m) => backgroundScope(deps, w, () => w.handler(deps, m.body)).then(() => undefined), {
    concurrency: plan.inFlight,
    visibilityMs: plan.visibilityMs,
    maxReceives: plan.maxReceives,
    reclaimOnStart: w.local?.reclaimOnStart,
  });
  return {
    name: w.name,
    async stop() {
      await consumer.stop();
      await w.local?.onStop?.();
    },
  };
}

/** A run that never overlaps itself: a tick while it runs is dropped; `settled` waits for the run in progress. */
function nonOverlapping(name: string, run: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  return {
    tick: () =>
      (running ??= run()
        .catch((e) => log.warn(`${name} failed`, { error: (e as Error).name, message: (e as Error).message }))
        .finally(() => (running = undefined))),
    settled: async () => void (await running),
  };
}

/** A timer that never overlaps itself; `stop` waits for the run in progress. */
function every(name: string, ms: number, run: () => Promise<unknown>, atStart = false): BackgroundService & { everyMs: number } {
  const runs = nonOverlapping(name, run);
  if (atStart) void runs.tick();
  const timer = ms ? setInterval(runs.tick, ms) : undefined;
  timer?.unref();
  return {
    name,
    everyMs: ms,
    async stop() {
      clearInterval(timer);
      await runs.settled();
    },
  };
}

/** How often a cron timer looks at the clock at most: the runtime's clock can be moved (POST /_local/clock), so it checks the due time rather than sleeping to it. */
const CRON_CHECK_MS = 30_000;

/**
 * Runs at the times of a five-field cron in UTC (the declaration's `cron`, evaluated by croner) on the
 * runtime's clock: once when a due time has passed (a clock moved past several runs once, as
 * EventBridge does not catch up either), never overlapping itself. `nextRuns` answers the times it
 * would run at, for test/infra/background-parity.test.ts.
 */
export function atCronTimes(name: string, cron: string, clock: Clock, run: () => Promise<unknown>, opts: { atStart?: boolean; checkMs?: number } = {}) {
  const pattern = new Cron(cron, { timezone: 'UTC', paused: true });
  const nextAfter = (ms: number) => {
    const next = pattern.nextRun(new Date(ms));
    if (!next) throw new Error(`${name}: cron "${cron}" has no next run`);
    return next.getTime();
  };
  const runs = nonOverlapping(name, run);
  let due = nextAfter(clock.now());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = () => {
    if (stopped) return;
    const now = clock.now();
    if (now >= due) {
      due = nextAfter(now);
      void runs.tick();
    }
    timer = setTimeout(check, Math.min(due - now, opts.checkMs ?? CRON_CHECK_MS));
    timer.unref();
  };
  if (opts.atStart) void runs.tick();
  check();
  return {
    name,
    cron,
    nextRuns(fromMs: number, count: number) {
      const times = [nextAfter(fromMs)];
      while (times.length < count) times.push(nextAfter(times.at(-1)!));
      return times;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await runs.settled();
    },
  };
}

export const startSchedule = async (deps: Deps, s: ScheduleDefinition) => {
  const run = () => backgroundScope(deps, s, () => s.handler(deps));
  const everyMs = localScheduleEveryMs(s, deps.config.local);
  return everyMs === undefined ? atCronTimes(s.name, s.cron!, deps.clock, run, { atStart: s.local?.atStart }) : every(s.name, everyMs, run, s.local?.atStart);
};

/**
 * A once job (data migrations), run once in the background at start, where AWS runs it at deploy: the
 * runtime serves at once; `stop` ends the run after its step in progress (the markers resume it at the next start).
 */
export async function startOnceJob(deps: Deps, j: OnceDefinition): Promise<BackgroundService> {
  let stopping = false;
  const run = backgroundScope(deps, j, () => j.handler(deps, { keepGoing: () => !stopping })).catch((e) =>
    log.warn(`${j.name} failed`, { message: (e as Error).message }),
  );
  return {
    name: j.name,
    async stop() {
      stopping = true;
      await run;
    },
  };
}

/**
 * What Step Functions, SQS event sources and EventBridge schedules do in AWS, run in-process: every
 * declaration of functions/background.ts, then the services that exist only locally.
 */
export const backgroundServices: ((deps: Deps) => Promise<BackgroundService>)[] = [
  startLocalWorkflowService,
  ...workers.map((w) => (deps: Deps) => startWorker(deps, w)),
  ...schedules.map((s) => (deps: Deps) => startSchedule(deps, s)),
  ...onceJobs.map((j) => (deps: Deps) => startOnceJob(deps, j)),
  // Local only: the mail sandbox (SMTP + IMAP on loopback for sender mailboxes, GET /_local/mailbox).
  startMailSandboxService,
  // Local only: IMAP IDLE watches (no long-lived connection in Lambda), while the inbox schedule is on.
  (deps) =>
    startInboxWatches(
      deps,
      // A period: the watches start while the inbox schedule runs on one (0 = off).
      localScheduleEveryMs(
        schedules.find((s) => s.name === 'inbox_schedule')!,
        deps.config.local,
      ) ?? 0,
    ),
  // Local only: expired files of the local file store (an S3 lifecycle rule in AWS).
  async (deps) => every('file sweep', deps.files instanceof LocalFileStore ? 600_000 : 0, () => (deps.files as LocalFileStore).sweepExpired()),
];
