import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';
import { startChildRuntime } from '../support/child-runtime.js';

// Real parts: two runtime processes in turn on the run's DynamoDB Local, one table prefix and one data
// folder; the first is killed with SIGKILL while crawls are in flight (no graceful stop, no lease
// handed back). The second one's restart scan must resume the task (interrupted +
// resumed_after_restart) and finish it with every company processed exactly once. Nothing mocked.
const HOSTS = Array.from({ length: 12 }, (_, i) => `crash${i}.test`);
const prefix = `tsk${randomBytes(4).toString('hex')}-`;
let dns: DnsServer;
let farm: SiteFarm;
let deps: Deps;
const children: ChildProcess[] = [];
let env: NodeJS.ProcessEnv;

const slowPage = (n: string) => (_q: unknown, s: any) =>
  setTimeout(() => s.writeHead(200, { 'content-type': 'text/html' }).end(page(n, `<p>Site ${n}, mail info@${n}</p>`)), 300);

const startChild = () => startChildRuntime(env, children);

beforeAll(async () => {
  farm = await startSiteFarm(Object.fromEntries(HOSTS.map((h) => [h, { '/': slowPage(h) }])));
  dns = await startDnsServer(Object.fromEntries(HOSTS.map((h) => [h, { A: ['127.0.0.1'] }])));
  env = {
    ...process.env,
    TABLE_PREFIX: prefix,
    DYNAMO_ENDPOINT: inject('dynamoEndpoint'),
    SVC_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    DNS_SERVERS: dns.address,
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    SITE_ENRICHMENT_POLITENESS_MS: '10',
    SITE_ENRICHMENT_WORKERS: '2',
    SITE_ENRICHMENT_BROWSER: 'off',
    DATA_DIR: mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'se-crash-')),
  };
  deps = await localDeps(inject('dynamoEndpoint'), env); // no workers here: only the children crawl
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await dns?.stop();
  await farm?.stop();
});

describe('site enrichment across a crash', () => {
  it('kill -9 mid-crawl, restart on the same data: resumed_after_restart, finished, no company processed twice', async () => {
    const first = await startChild();
    const { apiKey } = await createApprovedAccount(deps, { scopes: ['*'] });
    let api = client(first.url, { key: apiKey });
    const ids: string[] = [];
    for (const h of HOSTS) ids.push((await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id);
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids })).body;
    let t: any;
    for (let i = 0; i < 400 && !((t = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body).counters.processed >= 2); i++)
      await new Promise((r) => setTimeout(r, 25));
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    expect(t.status).toBe('RUNNING');
    expect(t.counters.processed).toBeLessThan(HOSTS.length);

    const second = await startChild();
    api = client(second.url, { key: apiKey });
    for (let i = 0; i < 240 && !['DONE', 'PARTIAL', 'FAILED'].includes((t = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body).status); i++)
      await new Promise((r) => setTimeout(r, 250));
    expect(t).toMatchObject({ status: 'DONE', counters: { total: 12, processed: 12, ok: 12, down: 0, noSite: 0 } });

    const events = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=500`)).body.data as any[];
    const kinds = events.map((e) => e.kind);
    expect(kinds).toContain('interrupted');
    expect(kinds.indexOf('resumed_after_restart')).toBe(kinds.indexOf('interrupted') + 1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const okIds = events.filter((e) => e.kind === 'item_ok').map((e) => e.companyId);
    expect(okIds.sort()).toEqual([...ids].sort()); // each company once
    const items = (await api.get(`/api/site-enrichment/tasks/${taskId}/items?limit=100`)).body.data as any[];
    expect(items.map((i) => i.status)).toEqual(ids.map(() => 'OK'));
    for (const id of ids) {
      const emails = (await api.get(`/api/companies/${id}`)).body.customFields.site_contacts.emails;
      expect(emails).toHaveLength(1); // merged once, never duplicated by the resumed run
    }
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
  }, 300_000);
});
