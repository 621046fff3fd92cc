import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startChildRuntime } from '../../support/child-runtime.js';
import { client } from '../../support/runtime.js';
import { kill9, killLeft, listAll, seconds, sleep, startFirst, stop, type Http } from './runtime.js';

const JOB_CHUNK_ROWS = 500; // shared/crm/imports/jobs.ts: a job records its progress after each chunk, of at most 500 rows once past its first rows
const mapping = { Company: 'name', Site: 'domain', Email: 'c:email', First: 'c:firstName' };

/**
 * `unique` companies, each with its own contact, plus 1 % rows repeating an earlier row (same company,
 * same contact), placed among the others. And 1 % of the companies have a contact with the address of
 * the previous company's contact (rows A {a.test, x@x.test} and B {b.test, x@x.test}: the case where an
 * `update` re-run used to double B's contact). Every company and every contact is expected once.
 */
export function importRows(unique: number) {
  const row = (k: number) => {
    const owner = k % 100 === 50 ? k - 1 : k;
    return { Company: `Probe ${k}`, Site: `probe-${k}.example.net`, Email: `owner${owner}@probe-${owner}.example.net`, First: `P${k}` };
  };
  const rows: ReturnType<typeof row>[] = [];
  for (let k = 0; k < unique; k++) {
    rows.push(row(k));
    if (k % 100 === 99) rows.push(row(k - 37));
  }
  return rows;
}

type Job = { status: string; processed: number; rowsPerSecond?: number; result?: Record<string, any> };
const job = async (http: Http, id: string) => (await http.get(`/api/companies/import/jobs/${id}`)).body as Job;

/** Polls the job until `done` holds (every 200 ms, at most `limitMs`). */
async function waitJob(http: Http, id: string, done: (j: Job) => boolean, limitMs: number) {
  const until = Date.now() + limitMs;
  let j: Job = { status: '?', processed: 0 };
  while (Date.now() < until) {
    j = await job(http, id);
    if (done(j)) return j;
    await sleep(200);
  }
  throw new Error(`import job ${id} stuck at ${j.status} ${j.processed} after ${limitMs} ms`);
}
const finished = (j: Job) => j.status === 'completed' || j.status === 'failed';

/** Companies and contacts as the API lists them, against the rows' expectation. */
async function census(http: Http, unique: number) {
  const companies = await listAll(http, '/api/companies');
  const contacts = await listAll(http, '/api/contacts');
  const domainOf = new Map(companies.map((c) => [c.id as string, c.domain as string]));
  const pairs = new Map<string, number>();
  for (const c of contacts) {
    const key = `${domainOf.get(c.companyId) ?? '?'}|${c.email}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const expected = importRows(unique).map((r) => `${r.Site}|${r.Email}`);
  const domains = new Set(domainOf.values());
  return {
    companies: companies.length,
    contacts: contacts.length,
    missingCompanies: new Set(expected.map((e) => e.split('|')[0]).filter((d) => !domains.has(d))).size,
    missingContacts: new Set(expected.filter((e) => !pairs.has(e))).size,
    duplicatedContacts: [...pairs.values()].reduce((n, k) => n + k - 1, 0),
  };
}

/**
 * A combined import job of `unique` companies (+1 % repeated rows) through the public job form, killed
 * with SIGKILL once it reported each of `killsAt` processed rows (inside the next chunk, ~40 % into it),
 * restarted on the same DATA_DIR each time; then re-run with duplicateHandling skip and update.
 */
export async function importKill(unique: number, killsAt: number[], limitMs: number) {
  const rows = importRows(unique);
  const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'probe-import-'));
  const children: ChildProcess[] = [];
  const out: Record<string, unknown>[] = [];
  try {
    const { env, first, http: http1, owner } = await startFirst(dataDir, children);
    let proc = first.proc;
    let http = http1;
    const started = Date.now();
    const accepted = await http.post('/api/companies/import/combined', { rows, mapping, options: { dedupeBy: 'domain', duplicateHandling: 'skip' } });
    if (accepted.status !== 202) throw new Error(`import: ${accepted.status} ${accepted.text.slice(0, 300)}`);
    const jobId = accepted.body.jobId as string;
    let restartedAt = started;
    for (const at of killsAt) {
      const reached = await waitJob(http, jobId, (j) => j.processed >= at || finished(j), limitMs);
      await sleep(Math.min(10_000, (0.4 * JOB_CHUNK_ROWS * 1000) / (reached.rowsPerSecond || 100)));
      const atKill = await job(http, jobId);
      await kill9(proc);
      const killedAt = Date.now();
      const next = await startChildRuntime(env, children);
      restartedAt = Date.now();
      proc = next.proc;
      http = client(next.url, { key: owner.apiKey });
      out.push({
        stage: `kill -9 at ${at}`,
        status: atKill.status,
        processed: atKill.processed,
        secondsFromStart: seconds(killedAt - started),
        restartSeconds: seconds(restartedAt - killedAt),
      });
    }
    const done = await waitJob(http, jobId, finished, limitMs);
    const restartToCompletedSeconds = seconds(Date.now() - restartedAt);
    // One row of the table: a finished job's counts and what the API lists then.
    const outcome = async (stage: string, j: Job, extra: Record<string, unknown>) => {
      const r = j.result ?? {};
      const counts = { created: r.created, updated: r.updated, skipped: r.skipped, contactsCreated: r.contactsCreated, errors: r.errors?.length };
      out.push({ stage, status: j.status, ...extra, processed: j.processed, ...counts, ...(await census(http, unique)) });
    };
    await outcome('resumed job', done, { restartToCompletedSeconds, totalSeconds: seconds(Date.now() - started) });
    for (const duplicateHandling of ['skip', 'update'] as const) {
      const t = Date.now();
      const again = await http.post('/api/companies/import/combined', { rows, mapping, options: { dedupeBy: 'domain', duplicateHandling } });
      const j = await waitJob(http, again.body.jobId, finished, limitMs);
      await outcome(`re-run ${duplicateHandling}`, j, { totalSeconds: seconds(Date.now() - t) });
    }
    await stop(proc);
    return { rows: rows.length, expected: unique, table: out };
  } finally {
    killLeft(children);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
