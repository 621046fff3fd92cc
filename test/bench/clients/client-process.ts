import type { LoadResult } from '../support.js';

/**
 * A bench's HTTP clients in a process of their own (started by `httpClients()` in http-clients.ts),
 * so the runtime's process does only the server's work, as in a deployment where callers are elsewhere.
 * It loads nothing of the runtime. One job per IPC message; each request `i` of a job comes from its own
 * address (`x-forwarded-for`, from `firstAddress`) and `{i}` in the body is replaced by `i`. The answer is
 * the job's LoadResult, with the CPU this process spent on it.
 */
export interface ClientJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The status that counts as a success. */
  expect: number;
  total: number;
  concurrency: number;
  firstAddress: number;
}

export type ClientResult = LoadResult & { clientCpuMs: number };

const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function run(job: ClientJob): Promise<ClientResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.total) {
        const i = next++;
        const t = performance.now();
        const ok = await fetch(job.url, {
          method: job.method,
          headers: { ...job.headers, 'x-forwarded-for': address(job.firstAddress + i) },
          body: job.body?.replaceAll('{i}', String(i)),
        })
          .then(async (r) => (await r.arrayBuffer(), r.status === job.expect))
          .catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1));
  return {
    requests: job.total,
    concurrency: job.concurrency,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(job.total / seconds),
    p50: pct(50),
    p99: pct(99),
    errors,
    clientCpuMs: Math.round((used.user + used.system) / 1000),
  };
}

process.on('message', (job: ClientJob) => void run(job).then((result) => process.send!(result)));
