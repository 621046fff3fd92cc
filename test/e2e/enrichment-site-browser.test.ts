import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// The browser path's two task options, with real Chromium: pageConcurrency bounds the task's Chromium
// pages across the 16 local workers (each JS-only site's page loads /app.js, which only a browser asks
// for; the farm counts how many are in flight at once), and saveScreenshot keeps one viewport JPEG of
// the home page in the file store, named by the item, its raw row and an item_screenshot event.
const JS_HOSTS = Array.from({ length: 6 }, (_, i) => `js${i}.test`);
let dns: DnsServer;
let farm: SiteFarm;
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let apiKey = '';
let inFlight = 0;
let maxInFlight = 0;

const slowScript = (host: string) => (_q: http.IncomingMessage, res: http.ServerResponse) => {
  maxInFlight = Math.max(maxInFlight, ++inFlight);
  setTimeout(() => {
    inFlight--;
    res.writeHead(200, { 'content-type': 'application/javascript' });
    res.end(`document.getElementById("app").innerHTML = "<p>Rendered by script for ${host}: write to hello@${host} about our services and prices</p>";`);
  }, 400);
};
const jsOnly = (host: string) => `<html><head><title>${host}</title></head><body><div id="app"></div><script src="/app.js"></script></body></html>`;

async function runTask(body: Record<string, unknown>) {
  const { taskId } = (await api.post('/api/site-enrichment/tasks', body)).body;
  let t: any;
  for (let i = 0; i < 240 && !['DONE', 'PARTIAL', 'FAILED'].includes((t = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body).status); i++)
    await new Promise((r) => setTimeout(r, 250));
  return { taskId, task: t };
}

beforeAll(async () => {
  farm = await startSiteFarm({
    ...Object.fromEntries(JS_HOSTS.map((h) => [h, { '/': jsOnly(h), '/app.js': slowScript(h) }])),
    'shot.test': { '/': page('Shot', '<p>A plain page the fetch path reads; with saveScreenshot the browser renders it once more.</p>') },
  });
  dns = await startDnsServer(Object.fromEntries([...JS_HOSTS, 'shot.test'].map((h) => [h, { A: ['127.0.0.1'] }])));
  rt = await startTestRuntime({ env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', SITE_ENRICHMENT_POLITENESS_MS: '10' } });
  apiKey = (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey;
  api = client(rt.url, { key: apiKey });
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

describe('site enrichment browser options', () => {
  it('pageConcurrency 1: one Chromium page of the task at a time, every JS-only site still rendered', async () => {
    const ids: string[] = [];
    for (const h of JS_HOSTS) ids.push((await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id);
    const { taskId, task } = await runTask({ companyIds: ids, pageConcurrency: 1 });
    expect(task).toMatchObject({ status: 'DONE', counters: { processed: 6, ok: 6 } });
    const items = (await api.get(`/api/site-enrichment/tasks/${taskId}/items`)).body.data;
    expect(items.map((i: any) => i.method)).toEqual(JS_HOSTS.map(() => 'browser'));
    expect(maxInFlight).toBe(1);
  }, 120_000);

  it('saveScreenshot keeps one bounded JPEG of the home page, reachable from the item, raw row and event', async () => {
    const id = (await api.post('/api/companies', { name: 'Shot', website: farm.url('shot.test') })).body.id;
    const { taskId, task } = await runTask({ companyIds: [id], saveScreenshot: true });
    expect(task.status).toBe('DONE');
    const [item] = (await api.get(`/api/site-enrichment/tasks/${taskId}/items`)).body.data;
    expect(item.screenshot).toMatchObject({ sourceUrl: farm.url('shot.test') });
    const { fileId, bytes } = item.screenshot;
    expect(bytes).toBeLessThanOrEqual(512 * 1024);
    const events = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=100`)).body.data;
    expect(events.filter((e: any) => e.kind === 'item_screenshot')).toEqual([
      expect.objectContaining({ companyId: id, payload: { fileId, sourceUrl: farm.url('shot.test') } }),
    ]);
    const raw = (await api.get(`/api/site-enrichment/raw?companyId=${id}`)).body.data;
    expect(raw.find((r: any) => r.page === 'home').screenshotFileId).toBe(fileId);
    const res = await fetch(`${rt.url}/api/site-enrichment/tasks/${taskId}/screenshots/${fileId}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpeg.length).toBe(bytes);
    expect((await api.get(`/api/site-enrichment/tasks/${taskId}/screenshots/NOPE123`)).status).toBe(404);
    // a task without saveScreenshot keeps none
    const { taskId: plain } = await runTask({ companyIds: [id] });
    expect((await api.get(`/api/site-enrichment/tasks/${plain}/items`)).body.data[0].screenshot).toBeNull();
  }, 120_000);
});
