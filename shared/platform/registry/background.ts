import type { Deps } from '../runtime/deps.js';
import type { LocalConfig } from '../runtime/local-config.js';
import { withLogScope } from '../runtime/logger.js';
import type { AwsResource } from './operation.js';

/**
 * Background work declared once, as `defineOperation` declares a request: the CDK app
 * (infra/aws/background.ts) and the embedded runtime (infra/local/background.ts) both build their
 * wiring from these declarations, so a queue's visibility, receives, batch size and concurrency and a
 * schedule's period are the same on both sides by construction (test/infra/background-parity.test.ts).
 *
 * Each declaration names its Lambda entry `functions/<tag>/<name>.ts`, a one-line file that exports
 * `handler = sqsWorker(decl)`, `scheduleHandler(decl)`, `machineTaskHandler(decl)`, `onceHandler(decl)` or `callableHandler(decl)` (functions/background-handlers.ts).
 */
interface LambdaSettings {
  /** snake_case; the Lambda entry is functions/<tag>/<name>.ts and the constructs are named after it. */
  name: string;
  tag: string;
  /** Seconds the Lambda may run. */
  timeout: number;
  memorySize?: number;
  /** Runs Chromium (the shared layer, x86_64, >= 1600 MB: infra/aws/chromium.ts). */
  chromium?: boolean;
  /**
   * What the function touches beyond reading the platform table: the same vocabulary as an
   * operation's `resources` (`queue:<name>`, `workflow:<machine>`, `tenantTables`, …); IAM and
   * environment follow from it, nothing else grants anything.
   */
  resources: AwsResource[];
}

/** A queue consumer: SQS queue + DLQ + event source in AWS, a LocalWorkQueue consumer in the embedded runtime. */
export interface WorkerDefinition<M = any> extends LambdaSettings {
  kind: 'worker';
  queue: string;
  handler: (deps: Deps, message: M) => Promise<unknown>;
  /** Seconds a received message stays invisible (SQS VisibilityTimeout, the local lease); more than `timeout`. */
  visibility: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceives: number;
  /** Messages per invocation. */
  batchSize: number;
  /** Invocations at once (the event source's MaximumConcurrency, 2..1000). */
  concurrency: number;
  /** The records of one invocation are handled at once (mostly waiting, idempotent), else one after the other. */
  parallel?: boolean;
  /** Also a reserved concurrency in AWS (bounds connections in total, not only from this queue). */
  reserve?: boolean;
  local?: {
    /** A restarted runtime takes back at once the messages its dead predecessor held (instead of waiting out `visibility`). */
    reclaimOnStart?: boolean;
    /** A local override of the messages in flight (tests and benches); undefined keeps the declaration. */
    concurrency?: (local: LocalConfig) => number | undefined;
    /** Runs once before the consumer starts (recovery of what a killed process left; AWS has no process start). */
    onStart?: (deps: Deps) => Promise<unknown>;
    /** Releases what the handler keeps open between messages (browsers, pooled SMTP connections). */
    onStop?: () => Promise<unknown>;
  };
}

/**
 * When a schedule runs: every n minutes (EventBridge's `rate(n minutes)`; one minute at least), or at
 * the times of a five-field cron in UTC, `minute hour day-of-month month day-of-week` (EventBridge's
 * `cron(...)` is derived, `scheduleExpression`). Days of the week by name (`MON-FRI`: cron counts
 * Sunday 0, EventBridge 1, so a number would mean another day on one side); day of month and day of
 * week not both set (cron would run on either, EventBridge cannot say that).
 */
export type ScheduleTiming = { every: { minutes: number }; cron?: undefined } | { cron: string; every?: undefined };

/** A periodic job: an EventBridge Scheduler schedule in AWS, a non-overlapping timer in the embedded runtime. */
export type ScheduleDefinition = ScheduleSettings & ScheduleTiming;

interface ScheduleSettings extends LambdaSettings {
  kind: 'schedule';
  handler: (deps: Deps) => Promise<unknown>;
  local?: {
    /** A local override of the period in ms (tests, benches; 0 = off); undefined keeps the declaration. */
    everyMs?: (local: LocalConfig) => number | undefined;
    /** Also runs once when the runtime starts (work a killed process left running). */
    atStart?: boolean;
  };
}

/** A state machine: the ASL file run by Step Functions in AWS and by the local ASL runner, with its one task function. */
export interface MachineDefinition<P = any> extends LambdaSettings {
  kind: 'machine';
  machine: string;
  asl: () => string;
  /** The ASL's substitution variable for the task Lambda's ARN, and what the local runner substitutes instead. */
  taskArnVariable: string;
  localTaskArn: string;
  task: (deps: Deps, payload: P) => Promise<unknown>;
  /** Starters may also answer task tokens (SendTaskSuccess/Failure): machines that wait for a person. */
  signals?: boolean;
  local?: {
    /** Runs once when the runtime starts, after the machine is registered (executions live in memory locally). */
    onStart?: (deps: Deps) => Promise<unknown>;
  };
}

/**
 * Work run once per release, not on a period (data migrations): in AWS a CloudFormation custom resource
 * invokes its Lambda at the deploy that changes `runKey`; the embedded runtime runs it once at start.
 * The handler must be idempotent and resumable (a deploy may run it again, a deadline may cut it short).
 */
export interface OnceDefinition extends LambdaSettings {
  kind: 'once';
  /** What the deploy-time run is keyed on (e.g. the migration names): a new value runs it again at the next deploy. */
  runKey: string;
  /** Starts new work only while `keepGoing()` (a Lambda's time left, a local stop); what is left runs at the next invocation. */
  handler: (deps: Deps, opts: { keepGoing: () => boolean }) => Promise<unknown>;
}

/**
 * A function another function calls and waits for (`deps.callables.call(name, request)`): work that needs
 * libraries its callers should not carry (mailbox logins over SMTP/IMAP, SPF evaluation). In AWS its own
 * Lambda, invoked synchronously by the functions that declare `function:<name>` (lambda:InvokeFunction on
 * it alone); in the embedded runtime its handler, in the caller's process. Request and answer are JSON.
 */
export interface CallableDefinition<Q = any, R = any> extends LambdaSettings {
  kind: 'callable';
  handler: (deps: Deps, request: Q) => Promise<R>;
}

export type BackgroundDefinition = WorkerDefinition | ScheduleDefinition | MachineDefinition | OnceDefinition | CallableDefinition;

const NAME = /^[a-z][a-z0-9_]*$/;

function checked<T extends BackgroundDefinition>(d: T): T {
  if (!NAME.test(d.name)) throw new Error(`bad background name ${d.name} (snake_case: it names functions/<tag>/<name>.ts)`);
  return d;
}

export function defineWorker<M>(def: Omit<WorkerDefinition<M>, 'kind'>): WorkerDefinition<M> {
  if (def.visibility <= def.timeout) throw new Error(`${def.name}: visibility ${def.visibility} s must exceed the timeout ${def.timeout} s`);
  if (def.concurrency < 2 || def.concurrency > 1000) throw new Error(`${def.name}: concurrency is SQS MaximumConcurrency, 2..1000`);
  if (def.batchSize < 1 || def.batchSize > 10) throw new Error(`${def.name}: batchSize 1..10`);
  return checked({ kind: 'worker', ...def });
}

export function defineSchedule(def: Omit<ScheduleSettings, 'kind'> & ScheduleTiming): ScheduleDefinition {
  if (def.cron !== undefined) eventBridgeCron(def.cron, def.name);
  else if (!Number.isInteger(def.every?.minutes) || def.every.minutes < 1)
    throw new Error(`${def.name}: every.minutes is a whole number of minutes, one at least`);
  return checked({ kind: 'schedule', ...def });
}

export function defineMachine<P>(def: Omit<MachineDefinition<P>, 'kind'>): MachineDefinition<P> {
  return checked({ kind: 'machine', ...def });
}

export function defineOnce(def: Omit<OnceDefinition, 'kind'>): OnceDefinition {
  return checked({ kind: 'once', ...def });
}

export function defineCallable<Q, R>(def: Omit<CallableDefinition<Q, R>, 'kind'>): CallableDefinition<Q, R> {
  return checked({ kind: 'callable', ...def });
}

/** The Lambda entry of a declaration. */
export const backgroundEntry = (d: BackgroundDefinition) => `functions/${d.tag}/${d.name}.ts`;

/**
 * Runs one message, one run or one task of a declaration in its log scope, the same in Lambda and in the
 * embedded runtime: its lines carry `background: <name>` and are written at the deps' level (LOG_LEVEL).
 */
export const backgroundScope = <T>(deps: Deps, d: Pick<BackgroundDefinition, 'name'>, fn: () => T): T =>
  withLogScope({ level: deps.config?.logLevel, fields: { background: d.name } }, fn);

/** Messages a worker has in flight at most: its invocations, times its batch when the batch is handled at once. */
export const messagesInFlight = (w: WorkerDefinition) => w.concurrency * (w.parallel ? w.batchSize : 1);

/** EventBridge's expression of a schedule: `rate(n minutes)` or `cron(minute hour day month weekday year)` (UTC). */
export const scheduleExpression = (s: ScheduleDefinition) =>
  s.cron !== undefined ? eventBridgeCron(s.cron, s.name) : `rate(${s.every.minutes} minute${s.every.minutes === 1 ? '' : 's'})`;

/** `*`, `*\/n`, or a list of `a` and `a-b` (names only in the month and day-of-week fields): what both sides read alike. */
const CRON_NUMBERS = /^(\*(\/\d+)?|\d+(-\d+)?(,\d+(-\d+)?)*)$/;
const CRON_NAMES = /^(\*(\/\d+)?|(\d+|[A-Z]{3})(-(\d+|[A-Z]{3}))?(,(\d+|[A-Z]{3})(-(\d+|[A-Z]{3}))?)*)$/;
/** Where a `*` step starts in each field: minute and hour count from 0, day and month from 1 (EventBridge wants `0/15`, not `*\/15`). */
const STEP_START = ['0', '0', '1', '1', '1'];

/**
 * A five-field cron (UTC) as EventBridge's six-field `cron(...)`: the year `*`, `?` for whichever of
 * day of month and day of week is `*`, `*\/n` steps written from the field's first value. Refuses what
 * would not mean the same times on both sides (see ScheduleTiming); the local runtime evaluates the
 * five fields themselves (infra/local/background.ts), test/infra/background-parity.test.ts compares.
 */
export function eventBridgeCron(cron: string, name = 'schedule'): string {
  const fields = cron.trim().toUpperCase().split(/\s+/);
  const refuse = (why: string) => {
    throw new Error(`${name}: cron "${cron}" ${why}`);
  };
  if (fields.length !== 5) refuse('has five fields: minute hour day-of-month month day-of-week (UTC)');
  fields.forEach(
    (f, i) =>
      (i < 3 ? CRON_NUMBERS : CRON_NAMES).test(f) || refuse(`field ${i + 1} (${f}): *, */n, a, a-b and lists a,b only (names in month and day of week)`),
  );
  const [, , day, , weekday] = fields;
  if (/\d/.test(weekday)) refuse('names days of the week (SUN..SAT, e.g. MON-FRI): a number means another day in EventBridge');
  if (day !== '*' && weekday !== '*') refuse('sets day of month and day of week both: cron runs on either, EventBridge cannot say so');
  const steps = fields.map((f, i) => f.replace(/^\*\//, `${STEP_START[i]}/`));
  if (weekday === '*') steps[4] = '?';
  else steps[2] = '?';
  return `cron(${steps.join(' ')} *)`;
}
