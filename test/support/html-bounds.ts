import { expect } from 'vitest';
import { client } from './runtime.js';
import type { SiteFarm } from './site-farm.js';

/** Issue 27: how long a heavy request may take to answer, and each /v1/health probe meanwhile (bounds on waits, not speed). */
export const REQUEST_WAIT_MS = 120_000;
export const HEALTH_WAIT_MS = 10_000;
const MAX_PROBES = 400;

/**
 * One POST, its answer awaited at most REQUEST_WAIT_MS; while it is in flight /v1/health is probed,
 * each probe awaited at most HEALTH_WAIT_MS. A probe counts as answered by any HTTP answer (the event
 * loop served it); they are paced at 2 a second, the /v1 rate limit, which a slower pace never meets.
 */
export async function whileHealthy(base: string, apiKey: string, path: string, body: unknown) {
  let settled = false;
  const request = fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_WAIT_MS),
  })
    .then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }))
    .finally(() => (settled = true));
  const unanswered: string[] = [];
  let probes = 0;
  do {
    probes++;
    const health = await fetch(`${base}/v1/health`, { signal: AbortSignal.timeout(HEALTH_WAIT_MS) }).then(
      () => null,
      (e: Error) => e.name,
    );
    if (health) unanswered.push(health);
    await new Promise((r) => setTimeout(r, 550));
  } while (!settled && probes < MAX_PROBES);
  return { answer: await request, probes, unanswered };
}

/** Crawls the farm's `hosts` (one company each, home page only, up to 3 fetch attempts) and waits for the task's end (bounded: 240 polls). */
export async function crawlHosts(base: string, apiKey: string, farm: SiteFarm, hosts: string[]) {
  const api = client(base, { key: apiKey });
  const ids: Record<string, string> = {};
  for (const h of hosts) ids[h] = (await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id;
  const started = await api.post('/api/site-enrichment/tasks', { companyIds: Object.values(ids), timeoutMs: 20_000, maxAttempts: 3 });
  expect(started.status).toBe(202);
  let task = await api.get(`/api/site-enrichment/tasks/${started.body.taskId}`);
  for (let i = 0; i < 240 && !['DONE', 'PARTIAL', 'FAILED'].includes(task.body.status); i++) {
    await new Promise((r) => setTimeout(r, 500));
    task = await api.get(`/api/site-enrichment/tasks/${started.body.taskId}`);
  }
  const items = (await api.get(`/api/site-enrichment/tasks/${started.body.taskId}/items?limit=50`)).body.data as { companyId: string }[];
  const summary = (await api.get(`/api/site-enrichment/tasks/${started.body.taskId}/reason-summary`)).body;
  return { task: task.body, of: (h: string) => items.find((i) => i.companyId === ids[h]), summary };
}
