import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrableTarget } from '../../shared/research/enrichment/registrable.js';
import { targetOf } from '../../shared/research/enrichment/targets.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';

// A site whose hostname is itself a public suffix (co.uk; kawasaki.jp and, by its `*.` rule,
// www.kawasaki.jp) is NO_SITE invalid_domain. The request path that creates a task carries no suffix
// list (issue 25), so the crawl worker finds these: the task must end exactly as when the create did.
// Real parts: the local runtime with DynamoDB Local, and a DNS server on loopback that knows no name
// (a visited site is DOWN dns_failure; nothing leaves the machine).
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer({});
  rt = await startTestRuntime({
    env: { DNS_SERVERS: dns.address, SITE_ENRICHMENT_POLITENESS_MS: '0', SITE_ENRICHMENT_BROWSER: 'off' },
  });
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
});

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let v = await fn();
  for (let i = 0; i < 120 && !done(v); i++) (await new Promise((r) => setTimeout(r, 250)), (v = await fn()));
  return v;
}

describe('site enrichment: sites that are a public suffix', () => {
  it('the request path leaves them to the worker; the list decides on each site own hostname', () => {
    for (const v of ['co.uk', 'kawasaki.jp', 'www.kawasaki.jp']) {
      expect(targetOf(v).ok).toBe(true);
      expect(registrableTarget(v)).toEqual({ ok: false, reasonCode: 'invalid_domain' });
    }
    expect(registrableTarget('www.co.uk')).toMatchObject({ ok: true, host: 'co.uk', hostname: 'www.co.uk' });
    expect(registrableTarget('city.kawasaki.jp')).toMatchObject({ ok: true, host: 'city.kawasaki.jp' });
    for (const v of ['localhost', '127.0.0.1', 'http://[::1]/', 'a*b.com', 'ftp://acme.com'])
      expect(targetOf(v)).toEqual({ ok: false, reasonCode: 'invalid_domain' });
  });

  it('ends NO_SITE invalid_domain with the counters a create that applied the list wrote, and a retry does not revisit them', async () => {
    const a = await createApprovedAccount(rt.deps, { scopes: ['*'] });
    const api = client(rt.url, { key: a.apiKey });
    const sites: Record<string, string> = {
      suffix: 'co.uk',
      shares: 'www.co.uk', // registrable, same host as `suffix`: that host is visited for this company only
      wild1: 'kawasaki.jp',
      wild2: 'www.kawasaki.jp', // host kawasaki.jp: no company to visit, never looked up
      local: 'localhost', // refused by the request path already
    };
    const ids: Record<string, string> = {};
    for (const [name, website] of Object.entries(sites)) ids[name] = (await api.post('/api/companies', { name, website })).body.id;
    const res = await api.post('/api/site-enrichment/tasks', { companyIds: Object.values(ids), maxAttempts: 1, timeoutMs: 5000 });
    expect(res.status).toBe(202);
    const taskId = res.body.taskId as string;
    const ended = async () => {
      const task = await waitFor(
        () => api.get(`/api/site-enrichment/tasks/${taskId}`),
        (r) => ['DONE', 'PARTIAL', 'FAILED'].includes(r.body.status),
      );
      expect(task.body.status).toBe('FAILED');
      const items = (await api.get(`/api/site-enrichment/tasks/${taskId}/items`)).body.data as { companyId: string; status: string; reasonCode: string }[];
      const of = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, items.find((i) => i.companyId === id)]));
      for (const name of ['suffix', 'wild1', 'wild2', 'local']) expect(of[name]).toMatchObject({ status: 'NO_SITE', reasonCode: 'invalid_domain' });
      expect(of.shares).toMatchObject({ status: 'DOWN', reasonCode: 'dns_failure' });
      const stats = (await api.get(`/api/site-enrichment/tasks/${taskId}/stats`)).body;
      expect(stats.funnel.cards).toMatchObject({ queued: 5, withDomain: 1, processed: 5, ok: 0, down: 1, noSite: 4 });
      expect(stats.funnel.domains).toMatchObject({ uniqueInScope: 1, processed: 1, ok: 0, down: 1 });
    };
    await ended();
    expect(dns.queries.filter((q) => q.includes('kawasaki'))).toEqual([]);
    const events = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=100`)).body.data as { kind: string; companyId?: string }[];
    const noSite = events.filter((e) => e.kind === 'item_no_site').map((e) => e.companyId);
    expect(noSite.sort()).toEqual([ids.suffix, ids.wild1, ids.wild2, ids.local].sort());

    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/retry`, {})).status).toBeLessThan(300);
    await ended();
    expect(dns.queries.filter((q) => q.includes('kawasaki'))).toEqual([]);
  }, 120_000);
});
