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
