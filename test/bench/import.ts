/**
 * Import benchmark: 10,000 rows through POST /api/companies/import/combined (a company and one
 * contact per row, two custom fields, 10% duplicates by domain), against the embedded runtime in
 * this process, so the DynamoDB adapter's consumed-capacity totals are read directly.
 * Run: `npx tsx test/bench/import.ts` (or `npm run bench import`; BENCH_IMPORT_ROWS=2000 for a short run).
 * Prints the store's own ceiling measured in the same run on a scratch table (BatchWriteItem items/s
 * and 25-item TransactWriteItems items/s, before and after the import, averaged), the import's rows/s,
 * items written per row (transactional and batch/single, and per item kind), and the ratio
 * rows/s × writes per row ÷ the ceiling of that mix; plus the longest synchronous chunk.
 * Knobs: BENCH_IMPORT_ROWS (default 10,000), BENCH_CEILING_ITEMS (default 5,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { createApprovedAccount } from '../support/accounts.js';
import type { Item, TableStore } from '../../shared/platform/ports/table-store.js';
import { pool } from '../../shared/crm/imports/writer.js';
import { countWrites } from './support.js';

/** Items/s the store takes on a scratch table: BatchWriteItem (25 per call) and 25-item transactions, 8 calls in flight. */
export async function storeCeiling(table: TableStore, items = 5_000, run = '') {
  const make = (tag: string) =>
    Array.from({ length: items }, (_, i): Item => ({ pk: `SCRATCH#${run}${tag}#${i}`, sk: 'SCRATCH', entity: 'scratch', payload: 'x'.repeat(300), n: i }));
  const chunks = (xs: Item[]) => Array.from({ length: Math.ceil(xs.length / 25) }, (_, i) => xs.slice(i * 25, i * 25 + 25));
  // Warm-up (the JVM of DynamoDB Local compiles its write paths on first use), not timed.
  await pool(chunks(make('warm').slice(0, 1000)), 8, (c) => table.batchPut(c));
  await pool(chunks(make('warmtx').slice(0, 1000)), 8, (c) => table.transact(c.map((put) => ({ put }))));
  let t = performance.now();
  await pool(chunks(make('batch')), 8, (c) => table.batchPut(c));
  const batchItemsPerSecond = Math.round(items / ((performance.now() - t) / 1000));
  t = performance.now();
  await pool(chunks(make('tx')), 8, (c) => table.transact(c.map((put) => ({ put, condition: { expression: 'attribute_not_exists(pk)' } }))));
  const txItemsPerSecond = Math.round(items / ((performance.now() - t) / 1000));
  return { batchItemsPerSecond, txItemsPerSecond };
}

/**
 * consumedCapacity.byKind per row, folded by item kind: transaction labels (`A/B×3+C/D`) and
 * `batchPut:`/`batchGet:` prefixes are split so each kind shows its own write and read units.
 */
function unitsByKind(byKind: typeof consumedCapacity.byKind, rows: number) {
  const out: Record<string, { write: number; read: number }> = {};
  for (const [label, v] of Object.entries(byKind)) {
    const [path, rest] = label.includes(':') ? [label.slice(0, label.indexOf(':')), label.slice(label.indexOf(':') + 1)] : ['single', label];
    const parts = path === 'tx' ? rest.split('+').map((p) => [p.split('×')[0], Number(p.split('×')[1] ?? 1)] as const) : [[rest, 1] as const];
    const n = parts.reduce((a, [, c]) => a + c, 0);
    for (const [kind, c] of parts) {
      const row = (out[`${path} ${kind}`] ??= { write: 0, read: 0 });
      row.write += (v.write * c) / n;
      row.read += (v.read * c) / n;
    }
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v.write + v.read > 0)
      .sort(([, a], [, b]) => b.write + b.read - (a.write + a.read))
      .map(([k, v]) => [k, { write: +(v.write / rows).toFixed(2), read: +(v.read / rows).toFixed(2) }]),
  );
}

export const CEILING_ITEMS = Number(process.env.BENCH_CEILING_ITEMS ?? 5_000);
export const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
export const CHUNK = 500; // the synchronous limit (ASYNC_ABOVE_ROWS): bigger answers 202 with a job

export function benchRows(n = ROWS) {
  const unique = Math.round(n * 0.9);
  return Array.from({ length: n }, (_, i) => {
    const d = i < unique ? i : (i * 7919) % unique; // the last 10% repeat earlier domains
    return {
      Company: `Company ${i}`,
      Website: `https://www.company-${d}.example.com/about`,
      Email: `person${i}@company-${d}.example.com`,
      First: i % 3 ? `Name${i}` : '',
      Employees: String(10 + (i % 500)),
      Segment: ['smb', 'mid', 'ent'][i % 3],
    };
  });
}

export async function run() {
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? path.resolve('.tmp'), 'bench-import-'));
  const rt = await startLocalRuntime({ port: 0, dataDir: dir, env: { TABLE_PREFIX: 'bench-', LOG_LEVEL: 'error' } });
  try {
    const scratchName = 'bench-scratch';
    await rt.deps.tableAdmin.ensureTable(scratchName);
    const scratch = new DynamoTableStore((rt.deps.platform as unknown as { doc: never }).doc, scratchName);
    // Measured before and after the import (half the items each) and averaged: the machine's load drifts during a run.
    const before = await storeCeiling(scratch, CEILING_ITEMS / 2, 'a');
    const { apiKey } = await createApprovedAccount(rt.deps);
    // node:http without a response timeout: a 1,000-row chunk can take minutes on a loaded machine.
    const call = (method: 'GET' | 'POST', p: string, body?: unknown) =>
      new Promise<any>((resolve, reject) => {
        const data = body === undefined ? '' : JSON.stringify(body);
        const req = request(
          rt.url + p,
          { method, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
          (res) => {
            let text = '';
            res
              .setEncoding('utf8')
              .on('data', (c) => (text += c))
              .on('end', () => {
                const json = JSON.parse(text);
                if ((res.statusCode ?? 500) >= 300) reject(new Error(`${p}: ${res.statusCode} ${text.slice(0, 500)}`));
                else resolve(res.statusCode === 202 ? { accepted: json } : json);
              });
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    const post = (p: string, body: unknown) => call('POST', p, body);
    // A synchronous call past its time budget (shared/crm/imports/sync-budget.ts) hands its rest to a job: followed to its result.
    const imported = async (r: any) => {
      if (!r.accepted) return r;
      handedOver++;
      for (;;) {
        const s = await call('GET', r.accepted.statusUrl);
        if (s.status === 'completed') return s.result;
        if (s.status === 'failed') throw new Error(`import job failed: ${JSON.stringify(s)}`);
        await new Promise((done) => setTimeout(done, 100));
      }
    };
    let handedOver = 0;
    await post('/api/companies/custom-fields', { slug: 'employees', label: 'Employees', fieldType: 'number' });
    await post('/api/companies/custom-fields', { slug: 'segment', label: 'Segment', fieldType: 'text' });
    const rows = benchRows();
    const mapping = { Company: 'name', Website: 'website', Email: 'c:email', First: 'c:firstName', Employees: 'cf:employees', Segment: 'cf:segment' };
    // DynamoDB Local under-reports TransactWriteItems capacity (about 2 units per call whatever its size),
    // so transactional writes are counted here to give the AWS figure (2 WCU per transactional item of <= 1 KB).
    const { tx, writes, kinds, stop: stopCounting } = countWrites();
    resetCapacity();
    const totals = { created: 0, updated: 0, skipped: 0, errors: 0, contactsCreated: 0, cfValuesSet: 0 };
    const started = performance.now();
    let longestChunk = 0;
    let longestAnswer = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunkStarted = performance.now();
      const answer = await post('/api/companies/import/combined', {
        rows: rows.slice(i, i + CHUNK),
        mapping,
        options: { dedupeBy: 'domain', duplicateHandling: 'skip', genericContactName: 'Office' },
      });
      longestAnswer = Math.max(longestAnswer, (performance.now() - chunkStarted) / 1000);
      const r = await imported(answer);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += k === 'errors' ? r.errors.length : r[k];
      longestChunk = Math.max(longestChunk, (performance.now() - chunkStarted) / 1000);
    }
    const seconds = (performance.now() - started) / 1000;
    stopCounting();
    // The import's units, before the second ceiling measurement adds its own.
    const capacity = structuredClone(consumedCapacity);
    const itemsWritten = tx.items + writes.batch + writes.single;
    const writesPerRow = +(itemsWritten / rows.length).toFixed(2);
    const rowsPerSecond = rows.length / seconds;
    const after = await storeCeiling(scratch, CEILING_ITEMS / 2, 'b');
    await rt.deps.tableAdmin.dropTable(scratchName);
    const ceiling = {
      batchItemsPerSecond: Math.round((before.batchItemsPerSecond + after.batchItemsPerSecond) / 2),
      txItemsPerSecond: Math.round((before.txItemsPerSecond + after.txItemsPerSecond) / 2),
    };
    // The ceiling of this import's own mix: its transactional items at the transaction rate, the others
    // (BatchWriteItem, single writes) at the BatchWriteItem rate. ratio = rows/s ÷ the rows/s that mix allows.
    const txPerRow = tx.items / rows.length;
    const otherPerRow = (writes.batch + writes.single) / rows.length;
    const ceilingRowsPerSecond = 1 / (txPerRow / ceiling.txItemsPerSecond + otherPerRow / ceiling.batchItemsPerSecond);
    const ceilingItemsPerSecond = ceilingRowsPerSecond * (txPerRow + otherPerRow);
    const ratio = +(rowsPerSecond / ceilingRowsPerSecond).toFixed(2);
    // AWS base write units (items <= 1 KB): 2 per transactional item, 1 per BatchWriteItem or single write;
    // GSI propagation (1 unit per index an item is in) comes on top and is the same whichever way an item is written.
    const awsBasePerRow = 2 * txPerRow + otherPerRow;
    const result = {
      ceilingBatchItemsPerSecond: ceiling.batchItemsPerSecond,
      ceilingTx25ItemsPerSecond: ceiling.txItemsPerSecond,
      ceilingMeasurements: { before, after },
      ceilingItemsPerSecondForThisMix: Math.round(ceilingItemsPerSecond),
      rows: rows.length,
      chunks: Math.ceil(rows.length / CHUNK),
      seconds: +seconds.toFixed(2),
      rowsPerSecond: +rowsPerSecond.toFixed(0),
      longestChunkSeconds: +longestChunk.toFixed(1),
      // The longest synchronous answer (200, or 202 when the budget handed the rest to a job).
      longestAnswerSeconds: +longestAnswer.toFixed(1),
      // 500-row calls whose rows the synchronous time budget handed to a job (the call answered 202 after ~15 s).
      callsHandedToJob: handedOver,
      itemsWritten,
      writesPerRow,
      transactionalWritesPerRow: +txPerRow.toFixed(2),
      batchAndSingleWritesPerRow: +otherPerRow.toFixed(2),
      ratioOfCeiling: ratio,
      transactions: tx.calls,
      transactionalItems: tx.items,
      awsBaseWriteUnitsPerRow: +awsBasePerRow.toFixed(2),
      // As the adapter records them: DynamoDB Local's figures (GSI writes included for BatchWriteItem), transactions at >= 2 per item.
      adapterWriteUnitsPerRow: +(capacity.write / rows.length).toFixed(2),
      readUnits: +capacity.read.toFixed(1),
      readUnitsPerRow: +(capacity.read / rows.length).toFixed(2),
      ...totals,
      // Per item kind: items written per row by path (tx/batch/single), and the adapter's units per row by kind.
      itemsPerRowByKind: Object.fromEntries(
        Object.entries(kinds)
          .sort(([, a], [, b]) => b.tx + b.batch + b.single - (a.tx + a.batch + a.single))
          .map(([k, v]) => [
            k,
            Object.fromEntries(
              Object.entries(v)
                .filter(([, n]) => n)
                .map(([p, n]) => [p, +(n / rows.length).toFixed(2)]),
            ),
          ]),
      ),
      unitsPerRowByKind: unitsByKind(capacity.byKind, rows.length),
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(`store ceiling: ${ceiling.batchItemsPerSecond} items/s BatchWriteItem, ${ceiling.txItemsPerSecond} items/s in 25-item transactions`);
    console.log(
      `import/combined: ${result.rowsPerSecond} rows/s × ${writesPerRow} writes/row = ${Math.round(rowsPerSecond * writesPerRow)} items/s = ${Math.round(ratio * 100)} % of the ceiling for this mix (${Math.round(ceilingItemsPerSecond)} items/s: ${txPerRow.toFixed(2)} transactional + ${otherPerRow.toFixed(2)} batch/single writes per row); longest ${CHUNK}-row call answered in ${result.longestAnswerSeconds} s, its result after ${result.longestChunkSeconds} s (${handedOver} of ${result.chunks} calls handed their rest to a job after the ~15 s synchronous budget)`,
    );
    console.log(
      `import/combined: ${result.rowsPerSecond} rows/s, ${result.awsBaseWriteUnitsPerRow} AWS write units per row (2 per transactional item, 1 per batch item; GSI writes not included), ${result.adapterWriteUnitsPerRow} as the adapter records them; ${result.readUnitsPerRow} read units per row`,
    );
    return result;
  } finally {
    await rt.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
