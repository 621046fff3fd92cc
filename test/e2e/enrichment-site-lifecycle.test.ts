import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_PER_MESSAGE } from '../../shared/research/enrichment/run.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// Pause/resume/cancel/retry per the state table, the input 400s, and the restart scan (runtime stopped
// mid-crawl, a new one on the same tables resumes the task: interrupted + resumed_after_restart).
// 16 hosts: a crawls message carries HOSTS_PER_MESSAGE (4), so the one worker visits four at once and a
// pause after the first ones still leaves messages unvisited.
const HOSTS = Array.from({ length: 4 * HOSTS_PER_MESSAGE }, (_, i) => `slow${i}.test`);
let dns: DnsServer;
let farm: SiteFarm;
const prefix = `tse${Date.now().toString(36)}-`;
const env = () => ({
  TABLE_PREFIX: prefix,
  DNS_SERVERS: dns.address,
  SVC_ALLOW_LOOPBACK_TARGETS: 'true',
  SITE_ENRICHMENT_POLITENESS_MS: '10',
  SITE_ENRICHMENT_WORKERS: '1',
  SITE_ENRICHMENT_BROWSER: 'off',
});
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let apiKey: string;
const ids: string[] = [];

const slowPage = (n: string) => (_q: any, s: any) =>
  setTimeout(() => s.writeHead(200, { 'content-type': 'text/html' }).end(page(n, `<p>Slow site ${n} with some content words.</p>`)), 400);
const terminal = (s: string) => ['DONE', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(s);

async function waitTask(id: string, done: (b: any) => boolean, rounds = 120) {
  let r = await api.get(`/api/site-enrichment/tasks/${id}`);
  for (let i = 0; i < rounds && !done(r.body); i++) (await new Promise((x) => setTimeout(x, 250)), (r = await api.get(`/api/site-enrichment/tasks/${id}`)));
  return r.body;
}
const kinds = async (id: string) => (await api.get(`/api/site-enrichment/tasks/${id}/events?limit=500`)).body.data.map((e: any) => e.kind) as string[];

beforeAll(async () => {
  farm = await startSiteFarm(Object.fromEntries(HOSTS.map((h) => [h, { '/': slowPage(h) }])));
  dns = await startDnsServer(Object.fromEntries(HOSTS.map((h) => [h, { A: ['127.0.0.1'] }])));
  rt = await startTestRuntime({ env: env() });
  apiKey = (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey;
  api = client(rt.url, { key: apiKey });
  for (const h of HOSTS) ids.push((await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id);
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

describe('site enrichment lifecycle', () => {
  it('refuses bad input: bounds, SMART lists, unknown or non-scoring scoringTaskId, both selectors', async () => {
    expect((await api.post('/api/site-enrichment/tasks', { companyIds: ids, pageConcurrency: 5 })).status).toBe(400);
    expect((await api.post('/api/site-enrichment/tasks', { companyIds: ids, maxAttempts: 6 })).status).toBe(400);
    expect((await api.post('/api/site-enrichment/tasks', { companyIds: ids, extra: 1 })).body.message).toEqual(['property extra should not exist']);
    expect((await api.post('/api/site-enrichment/tasks', {})).status).toBe(400);
    expect((await api.post('/api/site-enrichment/tasks', { companyIds: ids, scoringTaskId: 'nope' })).status).toBe(404);
    const smart = await api.post('/api/company-lists', { name: 'smart', type: 'SMART', filters: { name: { contains: 'slow' } } });
    if (smart.status === 201) expect((await api.post('/api/site-enrichment/tasks', { listId: smart.body.id })).status).toBe(400);
    expect((await api.post('/api/icp/scrape', { companyIds: ids, limit: 201 })).status).toBe(400);
  });

  it('pause keeps progress, resume finishes the rest; each host visited once', async () => {
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids })).body;
    await waitTask(taskId, (b) => b.counters.processed >= 2);
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/pause`)).body.status).toBe('PAUSED');
    await new Promise((r) => setTimeout(r, 1500));
    const paused = await waitTask(taskId, () => true);
    expect(paused.status).toBe('PAUSED');
    expect(paused.counters.processed).toBeLessThan(HOSTS.length);
    const stats = (await api.get(`/api/site-enrichment/tasks/${taskId}/stats`)).body;
    expect(stats.pace).toEqual({ state: 'paused' });
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/pause`)).status).toBe(409);
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/resume`)).status).toBe(200);
    const done = await waitTask(taskId, (b) => terminal(b.status));
    expect(done).toMatchObject({ status: 'DONE', counters: { total: HOSTS.length, processed: HOSTS.length, ok: HOSTS.length, down: 0, noSite: 0 } });
    for (const h of HOSTS) expect(farm.hits.get(`${h} /`)).toBe(1);
    expect((await kinds(taskId)).filter((k) => k === 'item_ok')).toHaveLength(HOSTS.length);
  }, 60_000);

  it('cancel is terminal (no resume) and retry re-queues the not-OK companies', async () => {
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids })).body;
    const cancelled = await api.post(`/api/site-enrichment/tasks/${taskId}/cancel`);
    expect(cancelled.body?.status, cancelled.text).toBe('CANCELLED');
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/resume`)).status).toBe(409);
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/cancel`)).status).toBe(409);
    expect((await kinds(taskId)).slice(-2)).toEqual(['cancel_requested', 'cancelled']);
    const list = (await api.get('/api/site-enrichment/tasks?status=CANCELLED')).body.data;
    expect(list.map((t: any) => t.taskId)).toContain(taskId);
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/retry`)).status).toBe(200);
    const done = await waitTask(taskId, (b) => terminal(b.status) && b.status !== 'CANCELLED');
    expect(done.status).toBe('DONE');
    expect(done.counters.ok + done.counters.down).toBe(HOSTS.length);
  }, 60_000);

  it('a runtime stopped mid-crawl is resumed by the next one: resumed_after_restart, nobody processed twice', async () => {
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids })).body;
    await waitTask(taskId, (b) => b.counters.processed >= 1);
    await rt.stop();
    rt = await startTestRuntime({ env: env() });
    api = client(rt.url, { key: apiKey });
    const done = await waitTask(taskId, (b) => terminal(b.status));
    expect(done).toMatchObject({ status: 'DONE', counters: { processed: HOSTS.length, ok: HOSTS.length } });
    const k = await kinds(taskId);
    expect(k).toContain('interrupted');
    expect(k).toContain('resumed_after_restart');
    expect(k.filter((x) => x === 'item_ok')).toHaveLength(HOSTS.length);
    const resumed = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=500`)).body.data.find((e: any) => e.kind === 'resumed_after_restart');
    expect(resumed.payload.resumedAt).toBeTruthy();
  }, 90_000);
});
