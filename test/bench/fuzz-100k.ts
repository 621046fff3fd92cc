import fc from 'fast-check';
import { operations } from '../../functions/registry.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer } from '../support/dns-server.js';
import { requestFor, send } from '../support/fuzz.js';
import { startBenchRuntime } from './support.js';

/**
 * Issue 16: the long fuzz run. FUZZ_REQUESTS (default 100,000) requests spread round-robin over every
 * operation of the registry, generated from their zod schemas (test/support/fuzz.ts) with a fixed
 * seed, CONCURRENCY at a time; FUZZ_FROM starts a shard further in. Prints the count of 5xx answers, of answers carrying a stack, and of
 * connections closed without an answer (the 413 of an over-cap body), plus the first few failures.
 */
export async function run() {
  const total = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  // A shard of the run (FUZZ_FROM..total): two shards in two processes cover the same requests as one run.
  const from = Number(process.env.FUZZ_FROM ?? 0);
  const concurrency = 8;
  const dns = await startDnsServer({});
  const rt = await startBenchRuntime({ DNS_SERVERS: dns.address, SVC_ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef' });
  try {
    const owner = await createApprovedAccount(rt.deps);
    const auth = { ownerKey: owner.apiKey, tenantId: owner.tenantId, adminToken: 'bench-admin-token-0123456789abcdef' };
    const perOp = Math.ceil(total / operations.length);
    const byOp = operations.map((op, i) => fc.sample(requestFor(op), { seed: 2026 + i, numRuns: perOp }));
    let next = from,
      fiveXX = 0,
      stacks = 0,
      closed = 0;
    const statuses = new Map<number, number>();
    const examples: string[] = [];
    const started = Date.now();
    const worker = async () => {
      for (let i = next++; i < total; i = next++) {
        const r = byOp[i % operations.length][Math.floor(i / operations.length)];
        const res = await send(rt.url, r, auth, `100.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 && !(res.status === 503 && r.op.operationId.startsWith('connectors_registry_'))) fiveXX++; // documented 503: DaData not configured
        if (res.stack) stacks++;
        if (res.status === 0) closed++;
        if (i > 0 && i % 5000 === 0) console.log(`fuzz: ${i} sent, 5xx so far ${fiveXX}, stacks ${stacks} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        if ((res.status >= 500 || res.stack) && examples.length < 10) examples.push(`${r.op.method} ${r.path} → ${res.status} ${res.text.slice(0, 160)}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${total - from} requests (#${from}..#${total - 1}) over ${operations.length} operations in ${seconds.toFixed(0)} s (${((total - from) / seconds).toFixed(0)} req/s, concurrency ${concurrency})`,
    );
    console.log(`fuzz: 5xx = ${fiveXX}, bodies with a stack = ${stacks}, closed without answer = ${closed}`);
    console.log(`fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    for (const e of examples) console.log(`  ${e}`);
  } finally {
    await rt.stop();
    await dns.stop();
  }
}
