import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { countAll, crash, crashMapping as mapping, sleep, startRuntime, waitFor } from '../support/import-crash.js';
import { client } from '../support/runtime.js';

/**
 * Crash safety of the combined import: the real runtime (`npm start`, its own DynamoDB Local) is
 * killed with SIGKILL (process group: runtime and DynamoDB Local, as a machine crash would) at three
 * points of a 2,000-row import, restarted on the same data folder each time; then the same import runs
 * with dedupeBy domain + skip, then + update: exactly 2,000 companies and 2,000 contacts, and every
 * duplicateOf names a company that exists. The resumption of one job killed twice inside its chunks is
 * imports-crash-resume.test.ts (a file of its own: the two share nothing and run in parallel).
 */
const ROWS = 2_000;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  Company: `Crash ${i}`,
  Site: `crash-${i}.example.net`,
  Email: `owner${i}@crash-${i}.example.net`,
  First: `N${i}`,
}));
const body = (duplicateHandling: 'skip' | 'update') => ({ rows, mapping, options: { dedupeBy: 'domain', duplicateHandling } });

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
});
