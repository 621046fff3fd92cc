import '../../runtime/polyfills.js';
import { StateMachine } from 'aws-local-stepfunctions';
import type { Clock } from '../../ports/clock.js';
import { log } from '../../runtime/logger.js';
import { TaskTokenGone, type Workflows } from '../../ports/workflows.js';

type Json = Record<string, unknown>;

export interface LocalMachine {
  /** The ASL, with `${...}` substitutions already applied. */
  definition: Json;
  /** Runs a Task state's payload (what the Lambda would receive). */
  task(payload: Json): Promise<unknown>;
}

interface Waiter {
  deadline: number;
  resolve(output: Json): void;
  reject(e: Error): void;
}

const timeoutError = () => Object.assign(new Error('Task timed out'), { name: 'States.Timeout' });

/**
 * Runs the deployed ASL in-process with aws-local-stepfunctions (JSONPath only), as Step Functions
 * would, with two local twists:
 * - `.waitForTaskToken` Task states (unsupported by the library) get a fresh token per step; the step
 *   resolves when sendTaskSuccess(token) is called, exactly like SFN's callback pattern.
 * - Task timeouts (`TimeoutSeconds`) follow the movable clock, checked every `tickMs`, so
 *   `POST /_local/clock {advanceMs}` makes a 24 h or 7 day timeout fire within a tick.
 * Executions live in memory; the caller restarts them from the stored status when the process starts.
 */
export class LocalWorkflows implements Workflows {
  private readonly machines = new Map<string, { sm: StateMachine; def: LocalMachine }>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly running = new Map<string, { abort(): void; result: Promise<unknown> }>();
  private readonly timer: NodeJS.Timeout;
  /** Result promises of recent executions by name (tests wait on them). */
  private readonly history = new Map<string, Promise<unknown>>();
  private seq = 0;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    opts: { tickMs?: number } = {},
  ) {
    this.timer = setInterval(() => this.tick(), opts.tickMs ?? 1000);
    this.timer.unref();
  }

  register(name: string, machine: LocalMachine) {
    this.machines.set(name, { sm: new StateMachine(machine.definition as never, { validationOptions: { checkArn: true, checkPaths: true } }), def: machine });
  }

  /** Starts an execution; resolves once it is running (like StartExecution). `done` awaits its end. */
  async start(machine: string, name: string, input: Json) {
    this.execute(machine, name, input);
  }

  /** Starts an execution and returns its result promise (tests). */
  execute(machine: string, name: string, input: Json): Promise<unknown> {
    const m = this.machines.get(machine);
    if (!m) throw new Error(`unknown state machine ${machine}`);
    if (this.stopped) throw new Error('local workflows stopped');
    const states = (m.def.definition.States ?? {}) as Record<string, Json>;
    const overrides: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [stateName, state] of Object.entries(states)) {
      if (state.Type !== 'Task') continue;
      const resource = String(state.Resource ?? '');
      const timeoutMs = Number(state.TimeoutSeconds ?? 60) * 1000;
      overrides[stateName] = resource.endsWith('.waitForTaskToken')
        ? (i) => this.awaitToken(name, stateName, timeoutMs, i as Json, m.def)
        : resource.startsWith('arn:aws:states:::lambda:invoke')
          ? async (i) => ({ StatusCode: 200, Payload: await m.def.task(((i as Json).Payload ?? {}) as Json) })
          : async (i) => m.def.task(i as Json);
    }
    const run = m.sm.run(input as never, {
      overrides: { taskResourceLocalHandlers: overrides as never, retryIntervalOverrides: Object.fromEntries(Object.keys(overrides).map((s) => [s, 50])) },
      noThrowOnAbort: true,
      context: { Execution: { Name: name }, Task: { Token: 'replaced-per-step' } } as never,
    });
    const result = run.result.catch((e) => {
      if (!this.stopped) log.warn('local workflow failed', { machine, name, error: (e as Error).name, message: (e as Error).message });
      throw e;
    });
    result.catch(() => undefined);
    this.running.set(name, { abort: run.abort, result });
    this.history.set(name, result);
    if (this.history.size > 1000) this.history.delete(this.history.keys().next().value!);
    void result.finally(() => this.running.delete(name)).catch(() => undefined);
    return result;
  }

  private awaitToken(execution: string, state: string, timeoutMs: number, input: Json, def: LocalMachine) {
    const token = `local:${execution}:${state}:${++this.seq}`;
    const promise = new Promise<Json>((resolve, reject) => {
      this.waiters.set(token, { deadline: this.clock.now() + timeoutMs, resolve, reject });
    }).finally(() => this.waiters.delete(token));
    // The task may complete the step itself (state already moved), so the waiter exists first.
    def.task({ ...((input.Payload ?? input) as Json), taskToken: token }).catch((e) => this.waiters.get(token)?.reject(e as Error));
    return promise;
  }

  async sendTaskSuccess(token: string, output: Json) {
    const w = this.waiters.get(token);
    if (!w) throw new TaskTokenGone();
    w.resolve(output);
  }

  async sendTaskFailure(token: string, error: string, cause?: string) {
    const w = this.waiters.get(token);
    if (!w) throw new TaskTokenGone();
    w.reject(Object.assign(new Error(cause ?? error), { name: error }));
  }

  /** Fires the timeouts whose deadline the (movable) clock has passed. */
  tick() {
    const now = this.clock.now();
    for (const w of this.waiters.values()) if (w.deadline <= now) w.reject(timeoutError());
  }

  /** Tokens currently awaited (tests and diagnostics). */
  get pendingTokens() {
    return [...this.waiters.keys()];
  }

  /** The result of the latest execution whose name starts with `prefix` (e.g. an account id). */
  resultOf(prefix: string): Promise<unknown> | undefined {
    return [...this.history.entries()].reverse().find(([n]) => n.startsWith(prefix))?.[1];
  }

  get runningExecutions() {
    return [...this.running.keys()];
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    for (const w of this.waiters.values()) w.reject(Object.assign(new Error('stopped'), { name: 'States.Runtime' }));
    for (const r of this.running.values()) r.abort();
    await Promise.allSettled([...this.running.values()].map((r) => r.result));
  }
}

/** Reads an ASL file and applies CDK-style `${Name}` definition substitutions. */
export function substitute(asl: string, values: Record<string, string>): Json {
  return JSON.parse(asl.replace(/\$\{([A-Za-z0-9_]+)\}/g, (m, k: string) => values[k] ?? m));
}
