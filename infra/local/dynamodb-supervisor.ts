import { setTimeout as sleep } from 'node:timers/promises';
import { log } from '../../shared/platform/runtime/logger.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';

/**
 * How the embedded runtime keeps its DynamoDB Local: a java that dies (a crash, the OOM killer, a kill by
 * hand) is started again on the same data folder and port, so the runtime's clients need no new endpoint.
 * Each outage gets `attempts` starts, `firstDelayMs` apart and doubling up to `maxDelayMs`; more than
 * `maxRestarts` outages within `windowMs` is a crash loop. Either way the store is then lost: the
 * runtime stops with a message and a non-zero exit, for a supervisor to start everything again.
 */
export interface RestartPolicy {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  maxRestarts: number;
  windowMs: number;
}

export const RESTART_POLICY: RestartPolicy = { attempts: 5, firstDelayMs: 500, maxDelayMs: 8000, maxRestarts: 5, windowMs: 10 * 60_000 };

export interface SupervisorOptions {
  dbPath?: string;
  jit?: 'startup' | 'throughput';
  policy?: RestartPolicy;
  /** The store is back (a restarted java answers): e.g. wake the queue consumers that back off. */
  onRestored?: (db: DynamoDbLocal) => void;
  /** The store is gone for good; the runtime should stop. */
  onLost: (error: Error) => void;
  /** Starts one instance (tests pass a stand-in). */
  start?: typeof startDynamoDbLocal;
}

/** The supervised instance: endpoint and port stay; `pid` is the current java's; `exited` settles once supervision has ended. */
export async function superviseDynamoDbLocal(opts: SupervisorOptions): Promise<DynamoDbLocal> {
  const start = opts.start ?? startDynamoDbLocal;
  const policy = opts.policy ?? RESTART_POLICY;
  let current = await start({ dbPath: opts.dbPath, jit: opts.jit });
  const { port, endpoint } = current;
  const stopping = new AbortController();
  const outages: number[] = [];
  let restarting: Promise<void> | undefined;
  let ended: (r: { code: number | null; signal: NodeJS.Signals | null }) => void = () => undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => (ended = resolve));

  const lost = (error: Error) => {
    log.error('DynamoDB Local is lost', { message: error.message });
    ended({ code: 1, signal: null });
    opts.onLost(error);
  };

  const watch = (db: DynamoDbLocal) =>
    void db.exited.then(({ code, signal }) => {
      if (stopping.signal.aborted || db !== current) return;
      restarting = restart(db, code, signal).finally(() => (restarting = undefined));
    });

  async function restart(dead: DynamoDbLocal, code: number | null, signal: NodeJS.Signals | null) {
    const downAt = Date.now();
    log.error('DynamoDB Local exited; restarting it on the same data and port', { pid: dead.pid, code, signal, port });
    // Without a data folder the tables died with it: a new empty instance would only answer "table not found".
    if (!opts.dbPath) return lost(new Error(`DynamoDB Local (in memory) exited (${signal ?? `code ${code}`}); its data is gone`));
    outages.push(downAt);
    while (outages.length && downAt - outages[0] > policy.windowMs) outages.shift();
    if (outages.length > policy.maxRestarts)
      return lost(new Error(`DynamoDB Local exited ${outages.length} times within ${Math.round(policy.windowMs / 60_000)} min (crash loop)`));
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= policy.attempts; attempt++) {
      try {
        await sleep(Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1)), undefined, { signal: stopping.signal });
        const next = await start({ dbPath: opts.dbPath, jit: opts.jit, port });
        if (stopping.signal.aborted) return void (await next.stop());
        current = next;
        watch(next);
        log.info('DynamoDB Local restarted', { pid: next.pid, port, attempt, downMs: Date.now() - downAt });
        opts.onRestored?.(next);
        return;
      } catch (e) {
        if (stopping.signal.aborted) return;
        lastError = e as Error;
        log.warn('DynamoDB Local restart failed', { attempt, of: policy.attempts, message: lastError.message.slice(0, 500) });
      }
    }
    lost(new Error(`DynamoDB Local could not be restarted after ${policy.attempts} attempts: ${lastError?.message.slice(0, 500)}`));
  }

  watch(current);
  return {
    endpoint,
    port,
    get pid() {
      return current.pid;
    },
    exited,
    async stop() {
      stopping.abort();
      await restarting;
      await current.stop();
      ended({ code: 0, signal: null });
    },
  };
}
