import { pathToFileURL } from 'node:url';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { countWrites, load, print, processTreeCpuMs, startBenchRuntime } from './support.js';
import { httpClients } from './clients/http-clients.js';

/**
 * The request path: GET /v1/me at 1 and at 50 clients with the spec's /v1/* zone ON (2 requests/s,
 * burst 20 per address; each request comes from its own address, as many callers do, so none is
 * refused), with the store calls it makes per request by item kind; the store's write ceiling (the
 * conditional UpdateItem a request makes, at 50 at once from the runtime's process) and the goal it sets:
 * throughput ≥ ceiling ÷ writes per request; and the store alone doing the store work of a request that
 * reads its counter (its write, then its read), a reference. Then POST /v1/signup (its hourly limits off:
 * they would refuse the 6th signup). The HTTP clients run in a process of their own (clients/), so the
 * runtime's process serves only, as deployed. The CPU per request of the runtime, the clients and
 * DynamoDB Local is printed, and the runtime's and the store's per write of the ceiling run: all three
 * share the machine's cores, so these say which share of the ceiling the CPU allows. Printed, never asserted.
 * BENCH_ME (default 2,000) sizes the 50-client run.
 */
export async function run() {
  const rt = await startBenchRuntime({ LIMIT_V1_RATE: '2', LIMIT_V1_BURST: '20' });
  const clients = await httpClients();
  try {
    const signup = (email: string, total: number, concurrency: number) =>
      clients.run({
        url: rt.url + '/v1/signup',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        expect: 201,
        total,
        concurrency,
      });
    const key = await (
      await fetch(rt.url + '/v1/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.0' },
        body: JSON.stringify({ email: 'bench-me@example.com' }),
      })
    )
      .json()
      .then((b) => b.api_key as string);
    const me = (total: number, concurrency: number) =>
      clients.run({ url: rt.url + '/v1/me', method: 'GET', headers: { authorization: `Bearer ${key}` }, expect: 200, total, concurrency });
    // Warm-up: JIT, and the connection pools and DynamoDB Local's server threads at the concurrency measured
    // below (warmed at 10 only, the 50-client run opened 40 new connections to the runtime and to DynamoDB
    // Local in its first moments, and its p99 carried that).
    // Then thousands more: DynamoDB Local compiles its request path (its JIT) over its first thousands of
    // requests, so a shorter warm-up measured the emulator compiling in the 50-client run and a warmer
    // emulator in the ceiling run after it. BENCH_ME_WARMUP (default 5,000) at 50 clients.
    await me(200, 10);
    await me(Number(process.env.BENCH_ME_WARMUP ?? 5000), 50);

    resetCapacity();
    const meOne = await me(300, 1);
    // Every store call the runtime made meanwhile; `query:gsi1:LQ` is the local queue's polling (SQS in AWS), not the request's.
    const perRequest = Object.entries(consumedCapacity.byKind)
      .map(([kind, c]) => ({ kind, 'calls per request': Number((c.calls / meOne.requests).toFixed(2)), read: c.read > 0, write: c.write > 0 }))
      .sort((a, b) => b['calls per request'] - a['calls per request']);
    const storeCalls = perRequest.filter((r) => !r.kind.endsWith(':LQ')).reduce((n, r) => n + r['calls per request'], 0);

    const total = Number(process.env.BENCH_ME ?? 2000);
    const writes = countWrites();
    const storeCpuBefore = processTreeCpuMs(rt.dynamo?.pid);
    const meMany = await me(total, 50);
    const storeCpuMs = processTreeCpuMs(rt.dynamo?.pid) - storeCpuBefore;
    writes.stop();
    const writesPerRequest = writes.items() / total;

    // The store's ceiling for the write a request makes: a conditional UpdateItem on a fresh counter.
    const ceilingCpu = { runtime: process.cpuUsage(), store: processTreeCpuMs(rt.dynamo?.pid) };
    const ceiling = await load(total, 50, async (i) => {
      await rt.deps.platform.update(
        { pk: `RATE#bench#${i}`, sk: 'RATE' },
        {
          set: { tat: Date.now() + 500, ttl: Math.ceil(Date.now() / 1000) + 60 },
          condition: { expression: 'attribute_not_exists(tat) OR tat <= :now', values: { ':now': Date.now() } },
        },
      );
      return true;
    });
    const ceilingStoreCpuMs = processTreeCpuMs(rt.dynamo?.pid) - ceilingCpu.store;
    const ceilingRuntimeCpu = process.cpuUsage(ceilingCpu.runtime);

    // The store work of a request that reads its month's counter, without HTTP and the pipeline: the write, then the read.
    const mix = await load(total, 50, async (i) => {
      await rt.deps.platform.update(
        { pk: `RATE#mix#${i}`, sk: 'RATE' },
        {
          set: { tat: Date.now() + 500, ttl: Math.ceil(Date.now() / 1000) + 60 },
          condition: { expression: 'attribute_not_exists(tat) OR tat <= :now', values: { ':now': Date.now() } },
        },
      );
      return !(await rt.deps.platform.get({ pk: `ACCOUNT#mix-${i % 50}`, sk: 'QUOTA#2026-01' }));
    });

    const signupOne = await signup('bench-one-{i}@example.com', 200, 1);
    const signupMany = await signup('bench-{i}@example.com', 1000, 50);
    print('GET /v1/me: store calls per request (1 client, by item kind)', perRequest);
    print('Latency against the local runtime (ms)', [
      { route: 'GET /v1/me (1 client)', ...meOne },
      { route: 'GET /v1/me', ...meMany },
      { route: 'store: conditional UpdateItem (the ceiling)', ...ceiling },
      { route: 'store: UpdateItem then GetItem (reference)', ...mix },
      { route: 'POST /v1/signup (1 client, reference)', ...signupOne },
      { route: 'POST /v1/signup', ...signupMany },
    ]);
    const goal = ceiling.rps / Math.max(writesPerRequest, 1e-9);
    const cpuPerRequest = (ms: number) => Number((ms / total).toFixed(2));
    print('GET /v1/me against its goals', [
      { figure: 'p50, 1 client (ms)', measured: meOne.p50, goal: '≤ 5', met: meOne.p50 <= 5 },
      { figure: 'p99, 1 client (ms)', measured: meOne.p99, goal: '≤ 15', met: meOne.p99 <= 15 },
      { figure: 'p99, 50 clients (ms)', measured: meMany.p99, goal: '≤ 250', met: meMany.p99 <= 250 },
      { figure: 'items written per request', measured: Number(writesPerRequest.toFixed(3)), goal: '', met: '' },
      { figure: 'store calls per request (reads and writes)', measured: Number(storeCalls.toFixed(2)), goal: '', met: '' },
      { figure: "store's write ceiling (writes/s)", measured: ceiling.rps, goal: '', met: '' },
      { figure: 'ceiling ÷ store calls per request', measured: Math.round(ceiling.rps / storeCalls), goal: '(reference)', met: '' },
      { figure: 'store alone: write then read (per s)', measured: mix.rps, goal: '(reference)', met: '' },
      { figure: "runtime's CPU per request, 50 clients (ms)", measured: cpuPerRequest(meMany.serverCpuMs), goal: '', met: '' },
      { figure: "clients' CPU per request, own process (ms)", measured: cpuPerRequest(meMany.clientCpuMs), goal: '', met: '' },
      { figure: "store's CPU per request, DynamoDB Local (ms)", measured: cpuPerRequest(storeCpuMs), goal: '', met: '' },
      {
        figure: 'ceiling run: runtime / store CPU per write (ms)',
        measured: `${cpuPerRequest((ceilingRuntimeCpu.user + ceilingRuntimeCpu.system) / 1000)} / ${cpuPerRequest(ceilingStoreCpuMs)}`,
        goal: '(reference)',
        met: '',
      },
      { figure: 'requests/s, 50 clients', measured: meMany.rps, goal: `≥ ${Math.round(goal)} (ceiling ÷ writes per request)`, met: meMany.rps >= goal },
    ]);
  } finally {
    clients.stop();
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
