import { readdirSync, readFileSync } from 'node:fs';
import type { AsyncLocalStorage } from 'node:async_hooks';
import { kindOfKey } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';

/**
 * Benchmarks run the real local runtime (in-memory DynamoDB Local) in this process. Limits that would
 * throttle a load test from one machine are switched off here and only here; TRUST_PROXY lets each
 * virtual client have its own address.
 */
export async function startBenchRuntime(env: Record<string, string> = {}) {
  return startLocalRuntime({
    port: 0,
    dynamoInMemory: true,
    dynamoJit: 'throughput', // as `npm start` runs it
    dataDir: '.tmp/bench-data',
    env: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      TABLE_PREFIX: `bench-${Date.now()}-`,
      LIMIT_SIGNUP_PER_IP_HOUR: 'off',
      LIMIT_SIGNUP_GLOBAL_HOUR: 'off',
      LIMIT_SIGNUP_EDGE_RATE: 'off',
      LIMIT_V1_RATE: 'off',
      ...env,
    },
  });
}

export interface LoadResult {
  requests: number;
  concurrency: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Runs `total` calls of `fn` with `concurrency` workers; latencies in ms. Bounded by count. */
export async function load(total: number, concurrency: number, fn: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        const ok = await fn(i).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1));
  return { requests: total, concurrency, seconds: Number(seconds.toFixed(2)), rps: Math.round(total / seconds), p50: pct(50), p99: pct(99), errors };
}

export const print = (title: string, rows: Record<string, unknown>[]) => {
  console.log(`\n## ${title}`);
  console.table(rows);
};

/**
 * Counts the items this process writes to the store until `stop()`: transactional (and transactions),
 * BatchWriteItem and single writes, and per item kind (pk/sk prefixes) and path, by wrapping the
 * DynamoDB adapter's write methods (the runtime must run in this process).
 */
export function countWrites() {
  const tx = { calls: 0, items: 0 };
  const writes = { batch: 0, single: 0 };
  const kinds: Record<string, { tx: number; batch: number; single: number }> = {};
  const count = (key: { pk?: unknown; sk?: unknown } | undefined, path: 'tx' | 'batch' | 'single') =>
    ((kinds[kindOfKey(key)] ??= { tx: 0, batch: 0, single: 0 })[path] += 1);
  const proto = DynamoTableStore.prototype;
  const original = { transact: proto.transact, batchPut: proto.batchPut, put: proto.put, update: proto.update, delete: proto.delete };
  proto.transact = function (ops) {
    tx.calls++;
    tx.items += ops.length;
    for (const op of ops) count('put' in op ? op.put : 'update' in op ? op.update : 'delete' in op ? op.delete : op.check, 'tx');
    return original.transact.call(this, ops);
  };
  proto.batchPut = function (items) {
    writes.batch += items.length;
    for (const item of items) count(item, 'batch');
    return original.batchPut.call(this, items);
  };
  proto.put = function (...a) {
    writes.single++;
    count(a[0], 'single');
    return original.put.apply(this, a);
  };
  proto.delete = function (...a) {
    writes.single++;
    count(a[0], 'single');
    return original.delete.apply(this, a);
  };
  proto.update = function (...a) {
    writes.single++;
    count(a[0], 'single');
    return original.update.apply(this, a) as never;
  };
  return { tx, writes, kinds, items: () => tx.items + writes.batch + writes.single, stop: () => void Object.assign(proto, original) };
}

/**
 * Resident memory (MB, from /proc; Linux only, else 0) of a process, and of its descendants apart:
 * a local runtime started as a child and the DynamoDB Local (and Chromium) it runs under it.
 */
export function residentMemoryMb(pid: number): { ownMb: number; descendantsMb: number } {
  const rssKb = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((t) => readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const tree = (p: number): number => children(p).reduce((n, c) => n + rssKb(c) + tree(c), 0);
  return { ownMb: Math.round(rssKb(pid) / 1024), descendantsMb: Math.round(tree(pid) / 1024) };
}

/** CPU time (ms) of a process and its descendants from /proc (Linux; 0 elsewhere). */
export function processTreeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ 100)
    const children = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return own + children.reduce((n, c) => n + processTreeCpuMs(c), 0);
  } catch {
    return 0;
  }
}

/**
 * Wall time (ms) and calls of the DynamoDB adapter's methods by method and item kind (`update:COMPANY/COMPANY`,
 * `transact:SETASK/ITEM+SETASK/EVENT`) until `stop()`; `inside` (an AsyncLocalStorage the caller runs its
 * handlers in) splits each row into the calls made inside a handler and the rest. Concurrent calls each
 * count their own time, so the sums can exceed the elapsed time.
 */
export function timeStoreCalls(inside?: AsyncLocalStorage<unknown>) {
  const rows: Record<string, { ms: number; calls: number; insideMs: number }> = {};
  const proto = DynamoTableStore.prototype;
  const methods = ['get', 'put', 'update', 'delete', 'query', 'batchGet', 'batchPut', 'transact'] as const;
  const original = Object.fromEntries(methods.map((m) => [m, proto[m]])) as Record<(typeof methods)[number], (...a: unknown[]) => Promise<unknown>>;
  const label = (method: string, arg: any) => {
    if (method === 'query') return `query:${String(arg?.pk ?? '').split('#')[0]}`;
    const keys: any[] = method === 'transact' ? arg.map((op: any) => op.put ?? op.update ?? op.delete ?? op.check) : Array.isArray(arg) ? arg : [arg];
    return `${method}:${[...new Set(keys.map(kindOfKey))].sort().join('+')}`;
  };
  for (const m of methods)
    (proto as any)[m] = async function (this: DynamoTableStore, ...a: unknown[]) {
      const t = performance.now();
      try {
        return await original[m].apply(this, a);
      } finally {
        const row = (rows[label(m, a[0])] ??= { ms: 0, calls: 0, insideMs: 0 });
        const ms = performance.now() - t;
        row.ms += ms;
        row.calls++;
        if (inside?.getStore()) row.insideMs += ms;
      }
    };
  return { rows, stop: () => void Object.assign(proto, original) };
}
