import { machines, onceJobs, schedules, workers } from '../../functions/background.js';
import { LocalFileStore } from '../../shared/adapters/files/local-files.js';
import { LocalWorkflows, substitute } from '../../shared/adapters/workflows/local-workflows.js';
import { backgroundScope, messagesInFlight, type OnceDefinition, type ScheduleDefinition, type WorkerDefinition } from '../../shared/registry/background.js';
import type { Deps } from '../../shared/runtime/deps.js';
import type { LocalConfig } from '../../shared/runtime/local-config.js';
import { log } from '../../shared/runtime/logger.js';
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

/** A schedule's local period (ms; 0 = off): the declaration's, unless a local override is set. */
export const localScheduleEveryMs = (s: ScheduleDefinition, local: LocalConfig) => s.local?.everyMs?.(local) ?? s.every.minutes * 60_000;

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

/** A timer that never overlaps itself; `stop` waits for the run in progress. */
function every(name: string, ms: number, run: () => Promise<unknown>, atStart = false): BackgroundService & { everyMs: number } {
  let running: Promise<unknown> | undefined;
  const tick = () =>
    (running ??= run()
      .catch((e) => log.warn(`${name} failed`, { error: (e as Error).name, message: (e as Error).message }))
      .finally(() => (running = undefined)));
  if (atStart) void tick();
  const timer = ms ? setInterval(tick, ms) : undefined;
  timer?.unref();
  return {
    name,
    everyMs: ms,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export const startSchedule = async (deps: Deps, s: ScheduleDefinition) =>
  every(s.name, localScheduleEveryMs(s, deps.config.local), () => backgroundScope(deps, s, () => s.handler(deps)), s.local?.atStart);

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
      localScheduleEveryMs(
        schedules.find((s) => s.name === 'inbox_schedule')!,
        deps.config.local,
      ),
    ),
  // Local only: expired files of the local file store (an S3 lifecycle rule in AWS).
  async (deps) => every('file sweep', deps.files instanceof LocalFileStore ? 600_000 : 0, () => (deps.files as LocalFileStore).sweepExpired()),
];
