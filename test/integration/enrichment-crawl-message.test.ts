import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS, EnrichmentHost, EnrichmentItem, EnrichmentTask, type TaskOptions } from '../../shared/research/enrichment/entities.js';
import { listEvents } from '../../shared/research/enrichment/events.js';
import { handleCrawlMessage } from '../../shared/research/enrichment/worker.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// One crawls message carries several hosts (HOSTS_PER_MESSAGE). Real parts: DynamoDB Local, a site farm
// and a DNS server on loopback; the message is handed to the worker directly (as the queue would, twice:
// a redelivery). One card write fails once (a store error injected in front of the real table), so the
// message fails after its siblings are done.
const HOSTS = ['msg-a.test', 'msg-b.test', 'msg-c.test'];
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let farm: SiteFarm;
let dns: DnsServer;

beforeAll(async () => {
  farm = await startSiteFarm(Object.fromEntries(HOSTS.map((h) => [h, { '/': page(h, `<p>Mail info@${h}</p>`) }])));
  dns = await startDnsServer(Object.fromEntries(HOSTS.map((h) => [h, { A: ['127.0.0.1'] }])));
  rt = await startTestRuntime({
    env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', SITE_ENRICHMENT_POLITENESS_MS: '0', SITE_ENRICHMENT_BROWSER: 'off' },
  });
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

/** Wraps tenant tables so that the first write to `failCard`'s card (across all of them) throws as a store outage would. */
function failingOnce(failCard: string) {
  let failed = false;
  return (table: TableStore) =>
    Object.create(table, {
      update: {
        value: (key: { pk: string }, spec: unknown) => {
          if (!failed && key.pk === `COMPANY#${failCard}`) {
            failed = true;
            return Promise.reject(new Error('store unavailable'));
          }
          return table.update(key as never, spec as never);
        },
      },
    }) as TableStore;
}

describe('site enrichment: a crawls message of several hosts', () => {
  it('visits its pending hosts at once; a failed host is visited again on redelivery, the others not; the worker finishes the task with one done event', async () => {
    const a = await createApprovedAccount(rt.deps, { scopes: ['*'] });
    const api = client(rt.url, { key: a.apiKey });
    const ids: string[] = [];
    for (const h of HOSTS) ids.push((await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id);
    const [okFirst, failsOnce, visitedBefore] = ids;
    const table = rt.deps.tenantTable(a.tenantId);
    const taskId = 'multi-host-task';
    const runId = 'run-1';
    const options: TaskOptions = {
      visitPages: 'home',
      timeoutMs: 5000,
      maxAttempts: 1,
      loadImages: false,
      pageConcurrency: 2,
      saveScreenshot: false,
      domainField: 'website',
    };
    const counters = Object.fromEntries(COUNTERS.map((c) => [c, 0]));
    await table.put(
      EnrichmentTask.item(
        { taskId, createdAt: new Date().toISOString() },
        { taskId, status: 'RUNNING', runId, options, eventSeq: 0, resumeAttempts: 0, ...counters, total: 3, withDomain: 3, processed: 1, ok: 1 },
      ),
    );
    for (const [i, h] of HOSTS.entries()) {
      const visited = ids[i] === visitedBefore;
      await table.put(EnrichmentItem.item({ taskId, companyId: ids[i] }, { taskId, companyId: ids[i], host: h, status: visited ? 'OK' : 'PENDING' }));
      await table.put(
        EnrichmentHost.item(
          { taskId, host: h },
          { taskId, host: h, url: farm.url(h), companyIds: [ids[i]], status: visited ? 'OK' : 'PENDING', runId, attempts: 0 },
        ),
      );
    }
    const failing = failingOnce(failsOnce);
    const deps: Deps = { ...rt.deps, tenantTable: (tenantId: string) => failing(rt.deps.tenantTable(tenantId)) };
    const message = { type: 'crawl' as const, tenantId: a.tenantId, taskId, runId, hosts: HOSTS };

    await expect(handleCrawlMessage(deps, message)).rejects.toThrow('store unavailable');
    const status = async (companyId: string) => (await table.get<{ status: string }>(EnrichmentItem.key({ taskId, companyId })))?.status;
    expect([await status(okFirst), await status(failsOnce)]).toEqual(['OK', 'PENDING']);
    expect((await table.get<{ status: string }>(EnrichmentTask.key({ taskId })))?.status).toBe('RUNNING');

    await handleCrawlMessage(deps, message); // the redelivery
    await handleCrawlMessage(deps, message); // and one more: nothing left to do
    expect(HOSTS.map((h) => farm.hits.get(`${h} /`) ?? 0)).toEqual([1, 2, 0]);
    expect(await status(failsOnce)).toBe('OK');
    expect(await table.get(EnrichmentTask.key({ taskId }))).toMatchObject({ status: 'DONE', processed: 3, ok: 3, domainsProcessed: 2 });
    const events = (await listEvents(table, taskId, 0, 100)).data;
    expect(events.map((e) => [e.seq, e.kind, e.companyId ?? null])).toEqual([
      [1, 'item_ok', okFirst],
      [2, 'item_ok', failsOnce],
      [3, 'done', null],
    ]);
    const emails = (await api.get(`/api/companies/${failsOnce}`)).body.customFields.site_contacts.emails;
    expect(emails.map((e: { value: string }) => e.value)).toEqual(['info@msg-b.test']);
  }, 60_000);
});
