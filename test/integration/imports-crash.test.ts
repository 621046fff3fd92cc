import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client } from '../support/runtime.js';

/**
 * Crash safety of the combined import: the real runtime (`npm start`, its own DynamoDB Local) is
 * killed with SIGKILL (process group: runtime and DynamoDB Local, as a machine crash would) at three
 * points of a 2,000-row import, restarted on the same data folder each time; then the same import runs
 * with dedupeBy domain + skip, then + update: exactly 2,000 companies and 2,000 contacts, and every
 * duplicateOf names a company that exists.
 */
const ROWS = 2_000;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  Company: `Crash ${i}`,
  Site: `crash-${i}.example.net`,
  Email: `owner${i}@crash-${i}.example.net`,
  First: `N${i}`,
}));
const mapping = { Company: 'name', Site: 'domain', Email: 'c:email', First: 'c:firstName' };
const body = (duplicateHandling: 'skip' | 'update') => ({ rows, mapping, options: { dedupeBy: 'domain', duplicateHandling } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRuntime(dataDir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line: ${out}`)), 240_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
  });
  return { url, child };
}

async function crash(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await Promise.race([exited, sleep(10_000)]);
  await sleep(500);
}

async function jobStatus(http: ReturnType<typeof client>, jobId: string) {
  return (await http.get(`/api/companies/import/jobs/${jobId}`)).body as { status: string; processed: number; result?: Record<string, any> };
}

async function waitFor(http: ReturnType<typeof client>, jobId: string, done: (s: { status: string; processed: number }) => boolean, limitMs = 240_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const s = await jobStatus(http, jobId);
    if (done(s)) return s;
    await sleep(200);
  }
  throw new Error(`job ${jobId} did not reach the expected state in ${limitMs} ms`);
}

async function countAll(http: ReturnType<typeof client>, p: string) {
  const items: any[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < 100; page++) {
    const r = await http.get(`${p}?pageSize=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    items.push(...r.body.data);
    cursor = r.body.nextCursor;
    if (!cursor) break;
  }
  return items;
}

describe('combined import survives kill -9', () => {
  it('three crashes, restart on the same data, skip then update: exactly 2,000 companies and contacts, no dangling duplicateOf', async () => {
    const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? '.tmp', 'crash-'));
    const env = { TABLE_PREFIX: 'crash-' };
    let running: ChildProcess | undefined;
    try {
      // The account is created in-process on the same data folder, then that runtime stops cleanly.
      const setup = await startLocalRuntime({ port: 0, dataDir, env: { LOG_LEVEL: 'silent', ...env } });
      const { apiKey } = await createApprovedAccount(setup.deps);
      await setup.stop();

      // Three crashes: early (first companies and their markers in flight), mid-write, near the end.
      const killAt: ((jobId: string, http: ReturnType<typeof client>) => Promise<unknown>)[] = [
        async () => sleep(1_500),
        async (jobId, http) => waitFor(http, jobId, (s) => s.processed >= 1_000),
        async (jobId, http) => (await waitFor(http, jobId, (s) => s.processed >= 1_500), await sleep(1_500)),
      ];
      for (const point of killAt) {
        const rt = await startRuntime(dataDir, env);
        running = rt.child;
        const http = client(rt.url, { key: apiKey });
        const accepted = await http.post('/api/companies/import/combined', body('skip'));
        expect(accepted.status).toBe(202);
        await point(accepted.body.jobId, http);
        await crash(rt.child);
        running = undefined;
      }

      const rt = await startRuntime(dataDir, env);
      running = rt.child;
      const http = client(rt.url, { key: apiKey });
      for (const mode of ['skip', 'update'] as const) {
        const accepted = await http.post('/api/companies/import/combined', body(mode));
        expect(accepted.status).toBe(202);
        const done = await waitFor(http, accepted.body.jobId, (s) => s.status === 'completed' || s.status === 'failed');
        expect(done.status).toBe('completed');
        expect(done.result!.errors).toEqual([]);
      }
      const companies = await countAll(http, '/api/companies');
      const contacts = await countAll(http, '/api/contacts');
      expect(companies).toHaveLength(ROWS);
      expect(contacts).toHaveLength(ROWS);
      expect(new Set(contacts.map((c) => c.email)).size).toBe(ROWS);
      // Every duplicateOf of a re-import names a company that exists.
      const preview = await http.post('/api/companies/import/preview', body('skip'));
      const ids = new Set(companies.map((c) => c.id));
      const dangling = (preview.body.rows as { duplicateOf?: string }[]).filter((r) => !r.duplicateOf || !ids.has(r.duplicateOf));
      expect(dangling).toEqual([]);
      const contactDups = contacts.flatMap((c) => (c.channels ?? []).map((ch: { duplicateOf?: string }) => ch.duplicateOf).filter(Boolean));
      const contactIds = new Set(contacts.map((c) => c.id));
      expect(contactDups.filter((id: string) => !contactIds.has(id))).toEqual([]);
    } finally {
      if (running && running.exitCode === null) await crash(running).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 900_000);

  it('one 5,000-row job (1 % repeated rows) killed mid-chunk at 2,000 and 3,000 rows resumes and finishes every row; a skip re-run changes nothing', async () => {
    const n = 5_000;
    // Every 100th row repeats an earlier one (same company, same contact): 50 duplicates.
    const jobRows = Array.from({ length: n }, (_, i) => {
      const k = i % 100 === 99 ? i - 50 : i;
      return { Company: `Resume ${k}`, Site: `resume-${k}.example.net`, Email: `owner${k}@resume-${k}.example.net`, First: `R${k}` };
    });
    const unique = n - 50;
    const jobBody = (duplicateHandling: 'skip' | 'update') => ({ rows: jobRows, mapping, options: { dedupeBy: 'domain', duplicateHandling } });
    const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? '.tmp', 'crash-job-'));
    const env = { TABLE_PREFIX: 'crashjob-' };
    let running: ChildProcess | undefined;
    try {
      const setup = await startLocalRuntime({ port: 0, dataDir, env: { LOG_LEVEL: 'silent', ...env } });
      const { apiKey } = await createApprovedAccount(setup.deps);
      await setup.stop();

      let rt = await startRuntime(dataDir, env);
      running = rt.child;
      let http = client(rt.url, { key: apiKey });
      const accepted = await http.post('/api/companies/import/combined', jobBody('skip'));
      expect(accepted.status).toBe(202);
      const jobId = accepted.body.jobId as string;
      for (const at of [2_000, 3_000]) {
        // Killed inside the chunk after `at`: about 40 % into it its companies are written, most of its contacts not yet.
        const reached = await waitFor(http, jobId, (s) => s.processed >= at, 900_000);
        expect(reached.status).toBe('running');
        const rate = ((await http.get(`/api/companies/import/jobs/${jobId}`)).body.rowsPerSecond as number) || 100;
        await sleep(Math.min(10_000, (0.4 * 500 * 1000) / rate));
        expect((await jobStatus(http, jobId)).processed).toBeLessThan(at + 500);
        await crash(rt.child);
        rt = await startRuntime(dataDir, env);
        running = rt.child;
        http = client(rt.url, { key: apiKey });
      }
      // The restarted runtime resumes the job at its last recorded chunk.
      const done = await waitFor(http, jobId, (s) => s.status === 'completed' || s.status === 'failed', 900_000);
      expect(done).toMatchObject({ status: 'completed', processed: n });
      expect(done.result).toMatchObject({ created: unique, skipped: 50, contactsCreated: unique, errors: [] });
      expect(new Set(done.result!.createdIds).size).toBe(unique);
      const counts = async () => {
        const [companies, contacts] = [await countAll(http, '/api/companies'), await countAll(http, '/api/contacts')];
        return { companies: companies.length, contacts: contacts.length, companiesWithContacts: new Set(contacts.map((c) => c.companyId)).size };
      };
      expect(await counts()).toEqual({ companies: unique, contacts: unique, companiesWithContacts: unique });
      // Nothing missing, so a skip re-run writes nothing.
      const rerun = await http.post('/api/companies/import/combined', jobBody('skip'));
      const again = await waitFor(http, rerun.body.jobId, (s) => s.status === 'completed' || s.status === 'failed', 900_000);
      expect(again.result).toMatchObject({ created: 0, skipped: n, contactsCreated: 0, errors: [] });
      expect(await counts()).toEqual({ companies: unique, contacts: unique, companiesWithContacts: unique });
    } finally {
      if (running && running.exitCode === null) await crash(running).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 2_400_000);
});
