import { pathToFileURL } from 'node:url';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import type { EachOp, TableStore, UpdateSpec } from '../../shared/platform/ports/table-store.js';
import { createApprovedAccount } from '../support/accounts.js';
import { print, processTreeCpuMs, startBenchRuntime } from './support.js';

/**
 * What a batch of conditional item writes costs as one transaction (`transact`) and as single writes
 * in one call (`writeEach`, PartiQL BatchExecuteStatement): the send lease of 25 items, 4 batches at a
 * time as the workers run them, in one task partition. Rounds alternate between the two, so a loaded
 * machine slows both alike; CPU time (Node and DynamoDB Local's process tree) per item is the measure,
 * with the write units billed. BENCH_STORE_BATCHES per round (default 100). Printed, never asserted.
 */
export async function run() {
  const batches = Number(process.env.BENCH_STORE_BATCHES ?? 100);
  const rt = await startBenchRuntime();
  try {
    const table: TableStore = rt.deps.tenantTable((await createApprovedAccount(rt.deps)).tenantId);
    const lease: UpdateSpec = {
      set: { status: 'SENDING', leaseUntil: Date.now() + 120_000, workerId: 'w-bench', messageId: '<m@bench.test>', smtpStartedAt: 1, chargedAt: 1 },
      add: { attempts: 1 },
      condition: { expression: '#s = :q', names: { '#s': 'status' }, values: { ':q': 'QUEUED' } },
    };
    const key = (b: string, k: number) => ({ pk: 'TASK#bench', sk: `ITEM#${b}-${k}` });
    const totals = { transact: { node: 0, store: 0, wall: 0, units: 0 }, writeEach: { node: 0, store: 0, wall: 0, units: 0 } };
    for (let round = 0; round < 4; round++)
      for (const mode of ['transact', 'writeEach'] as const) {
        const ids = Array.from({ length: batches }, (_, i) => `${mode}${round}-${i}`);
        for (const b of ids)
          await table.batchPut(Array.from({ length: 25 }, (_, k) => ({ ...key(b, k), status: 'QUEUED', attempts: 0, email: `r${k}@bench.test` })));
        resetCapacity();
        const store = processTreeCpuMs(rt.dynamo?.pid);
        const node = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < ids.length; i += 4)
          await Promise.all(
            ids.slice(i, i + 4).map((b) => {
              const ops: EachOp[] = Array.from({ length: 25 }, (_, k) => ({ update: key(b, k), spec: lease }));
              return mode === 'transact' ? table.transact(ops as never) : table.writeEach(ops);
            }),
          );
        const cpu = process.cpuUsage(node);
        totals[mode].wall += performance.now() - started;
        totals[mode].node += (cpu.user + cpu.system) / 1000;
        totals[mode].store += processTreeCpuMs(rt.dynamo?.pid) - store;
        totals[mode].units += consumedCapacity.write;
      }
    const items = 4 * batches * 25;
    print(
      `Conditional item writes, 25 a call, 4 calls at a time (${items} items each way, alternating rounds)`,
      Object.entries(totals).map(([mode, t]) => ({
        mode,
        writeUnitsPerItem: +(t.units / items).toFixed(2),
        nodeCpuMsPerItem: +(t.node / items).toFixed(3),
        storeCpuMsPerItem: +(t.store / items).toFixed(3),
        wallMsPerItem: +(t.wall / items).toFixed(3),
      })),
    );
  } finally {
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
