/**
 * Import benchmark: 10,000 rows through POST /api/companies/import/combined (a company and one
 * contact per row, two custom fields, 10% duplicates by domain), against the embedded runtime in
 * this process, so the DynamoDB adapter's consumed-capacity totals are read directly.
 * Run: `npx tsx test/bench/import.ts` (or `npm run bench import`; BENCH_IMPORT_ROWS=2000 for a short run).
 * Prints the store's own ceiling measured in the same run on a scratch table (BatchWriteItem items/s
 * and 25-item TransactWriteItems items/s), the import's rows/s, items written per row, and the ratio
 * rows/s × writes per row ÷ ceiling; plus the longest synchronous chunk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { consumedCapacity, resetCapacity } from '../../shared/adapters/dynamodb/consumed-capacity.js';
import { DynamoTableStore } from '../../shared/adapters/dynamodb/table-store.js';
import { createApprovedAccount } from '../support/accounts.js';
import type { Item, TableStore } from '../../shared/ports/table-store.js';
import { pool } from '../../shared/imports/writer.js';

/** Items/s the store takes on a scratch table: BatchWriteItem (25 per call) and 25-item transactions, 8 calls in flight. */
export async function storeCeiling(table: TableStore, items = 5_000) {
  const make = (tag: string) =>
    Array.from({ length: items }, (_, i): Item => ({ pk: `SCRATCH#${tag}#${i}`, sk: 'SCRATCH', entity: 'scratch', payload: 'x'.repeat(300), n: i }));
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
    const ceiling = await storeCeiling(new DynamoTableStore((rt.deps.platform as unknown as { doc: never }).doc, scratchName));
    await rt.deps.tableAdmin.dropTable(scratchName);
    const { apiKey } = await createApprovedAccount(rt.deps);
    // node:http without a response timeout: a 1,000-row chunk can take minutes on a loaded machine.
    const post = (p: string, body: unknown) =>
      new Promise<any>((resolve, reject) => {
        const data = JSON.stringify(body);
        const req = request(
          rt.url + p,
          { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
          (res) => {
            let text = '';
            res
              .setEncoding('utf8')
              .on('data', (c) => (text += c))
              .on('end', () => {
                const json = JSON.parse(text);
                if ((res.statusCode ?? 500) >= 300) reject(new Error(`${p}: ${res.statusCode} ${text.slice(0, 500)}`));
                else resolve(json);
              });
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    await post('/api/companies/custom-fields', { slug: 'employees', label: 'Employees', fieldType: 'number' });
    await post('/api/companies/custom-fields', { slug: 'segment', label: 'Segment', fieldType: 'text' });
    const rows = benchRows();
    const mapping = { Company: 'name', Website: 'website', Email: 'c:email', First: 'c:firstName', Employees: 'cf:employees', Segment: 'cf:segment' };
    // DynamoDB Local under-reports TransactWriteItems capacity (about 2 units per call whatever its size),
    // so transactional writes are counted here to give the AWS figure (2 WCU per transactional item of <= 1 KB).
    const tx = { calls: 0, items: 0 };
    const writes = { batch: 0, single: 0 };
    const proto = DynamoTableStore.prototype;
    const original = { transact: proto.transact, batchPut: proto.batchPut, put: proto.put, update: proto.update, delete: proto.delete };
    proto.transact = function (ops) {
      tx.calls++;
      tx.items += ops.length;
      return original.transact.call(this, ops);
    };
    proto.batchPut = function (items) {
      writes.batch += items.length;
      return original.batchPut.call(this, items);
    };
    proto.put = function (...a) {
      writes.single++;
      return original.put.apply(this, a);
    };
    proto.update = function (...a) {
      writes.single++;
      return original.update.apply(this, a) as never;
    };
    resetCapacity();
    const totals = { created: 0, updated: 0, skipped: 0, errors: 0, contactsCreated: 0, cfValuesSet: 0 };
    const started = performance.now();
    let longestChunk = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunkStarted = performance.now();
      const r = await post('/api/companies/import/combined', {
        rows: rows.slice(i, i + CHUNK),
        mapping,
        options: { dedupeBy: 'domain', duplicateHandling: 'skip', genericContactName: 'Office' },
      });
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += k === 'errors' ? r.errors.length : r[k];
      longestChunk = Math.max(longestChunk, (performance.now() - chunkStarted) / 1000);
    }
    const seconds = (performance.now() - started) / 1000;
    Object.assign(proto, original);
    const itemsWritten = tx.items + writes.batch + writes.single;
    const writesPerRow = +(itemsWritten / rows.length).toFixed(2);
    const rowsPerSecond = rows.length / seconds;
    // The import writes its rows in transactions: its ceiling is the transactional one.
    const ratio = +((rowsPerSecond * writesPerRow) / ceiling.txItemsPerSecond).toFixed(2);
    const awsWrite = consumedCapacity.write - 2 * tx.calls + 2 * tx.items;
    const result = {
      ceilingBatchItemsPerSecond: ceiling.batchItemsPerSecond,
      ceilingTx25ItemsPerSecond: ceiling.txItemsPerSecond,
      rows: rows.length,
      chunks: Math.ceil(rows.length / CHUNK),
      seconds: +seconds.toFixed(2),
      rowsPerSecond: +rowsPerSecond.toFixed(0),
      longestChunkSeconds: +longestChunk.toFixed(1),
      itemsWritten,
      writesPerRow,
      transactionalWritesPerRow: +(tx.items / rows.length).toFixed(2),
      ratioOfCeiling: ratio,
      writeUnits: +consumedCapacity.write.toFixed(1),
      writeUnitsPerRow: +(consumedCapacity.write / rows.length).toFixed(2),
      transactions: tx.calls,
      transactionalItems: tx.items,
      awsModelWriteUnitsPerRow: +(awsWrite / rows.length).toFixed(2),
      readUnits: +consumedCapacity.read.toFixed(1),
      readUnitsPerRow: +(consumedCapacity.read / rows.length).toFixed(2),
      ...totals,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(`store ceiling: ${ceiling.batchItemsPerSecond} items/s BatchWriteItem, ${ceiling.txItemsPerSecond} items/s in 25-item transactions`);
    console.log(
      `import/combined: ${result.rowsPerSecond} rows/s × ${writesPerRow} writes/row = ${Math.round(rowsPerSecond * writesPerRow)} items/s = ${Math.round(ratio * 100)} % of the transactional ceiling; longest ${CHUNK}-row call ${result.longestChunkSeconds} s`,
    );
    console.log(
      `import/combined: ${result.rowsPerSecond} rows/s, ${result.writeUnitsPerRow} write units per row as DynamoDB Local reports them, ${result.awsModelWriteUnitsPerRow} with transactional items at the AWS rate (${result.readUnitsPerRow} read units per row)`,
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
