import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { ImportJob, ImportJobChunk, ImportJobPart } from './entities.js';
import type { CompanyImportBody, ContactImportBody } from './schema.js';

/**
 * Where a job keeps what does not fit in its own item (400 KB): the request body (up to the 6 MB API
 * cap) and the lists of its result (a 50,000-row job creates 50,000 ids). Both are read by paged
 * Queries: a Query page stops at 1 MB, and a body read from one page was cut short.
 */

/** Bytes per body part: DynamoDB holds 400 KB per item. Counted in bytes, so non-Latin text fits too. */
const PART_BYTES = 300_000;
/** Query pages a read follows at most: 6 MB of body or 100 chunks of results take a handful. */
const MAX_PAGES = 1_000;

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);
type Body = CompanyImportBody | ContactImportBody;

/** Stores the body gzip-compressed (import rows shrink 5–10 times) in binary parts; returns how many. */
export async function storeJobBody(table: TableStore, jobId: string, body: Body, ttl: number): Promise<number> {
  const bytes = await gzipped(Buffer.from(JSON.stringify(body)));
  const parts = Math.max(1, Math.ceil(bytes.length / PART_BYTES));
  const items = Array.from({ length: parts }, (_, i) =>
    ImportJobPart.item({ jobId, part: String(i).padStart(4, '0') }, { data: bytes.subarray(i * PART_BYTES, (i + 1) * PART_BYTES), ttl }),
  );
  // Several parts per call stay under BatchWriteItem's 16 MB.
  for (let i = 0; i < items.length; i += 10) await table.batchPut(items.slice(i, i + 10));
  return parts;
}

/** Every item of the job's partition under `prefix`, in key order, page after page. */
async function readAll<T extends Item>(table: TableStore, jobId: string, prefix: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await table.query<T>({ ...ImportJob.query('primary', { jobId }), skBeginsWith: prefix, cursor });
    out.push(...r.items);
    if (!(cursor = r.cursor)) return out;
  }
  throw new Error(`import job ${jobId}: more than ${MAX_PAGES} pages under ${prefix}`);
}

/** The job's body: its gzip parts joined, or the text parts of a job stored before them. */
export async function readJobBody(table: TableStore, jobId: string): Promise<Body> {
  const parts = await readAll<{ data?: Uint8Array; text?: string }>(table, jobId, 'PART#');
  if (parts.some((p) => p.text !== undefined)) return JSON.parse(parts.map((p) => p.text ?? '').join('')) as Body;
  return JSON.parse((await gunzipped(Buffer.concat(parts.map((p) => p.data ?? new Uint8Array())))).toString('utf8')) as Body;
}

export interface ResultLists {
  errors: { index: number; reason: string }[];
  createdIds: string[];
}

/** The put of one chunk's lists (row indexes of the whole body), for the transaction that records the chunk. */
export const chunkListsItem = (jobId: string, from: number, lists: ResultLists, ttl: number) =>
  ImportJobChunk.item({ jobId, from: String(from).padStart(7, '0') }, { errors: lists.errors, createdIds: lists.createdIds, ttl });

/** The job's result lists, joined over its chunks in row order. */
export async function readResultLists(table: TableStore, jobId: string): Promise<ResultLists> {
  const chunks = await readAll<ResultLists & Item>(table, jobId, 'CHUNK#');
  return { errors: chunks.flatMap((c) => c.errors ?? []), createdIds: chunks.flatMap((c) => c.createdIds ?? []) };
}
