import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { countAll, crash, crashMapping as mapping, jobStatus, sleep, startRuntime, waitFor } from '../support/import-crash.js';
import { client } from '../support/runtime.js';

/**
 * Crash safety of one combined import job: the real runtime (`npm start`, its own DynamoDB Local) is
 * killed with SIGKILL (process group) twice inside the chunks of one 5,000-row job and restarted on the
 * same data folder; the job resumes at its last recorded chunk and ends with every row exactly once. The
 * three crashes of separate imports are imports-crash.test.ts.
 */
describe('combined import job survives kill -9', () => {
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
