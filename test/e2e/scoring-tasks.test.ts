import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// A scoring task (methodId 22) with DNS_CHECK, EMAIL_EXTRACT, TECH_DETECT and AI_CONTENT (builtin AI)
// over a list whose sites were crawled first; one host disappears from DNS after the crawl, which makes
// its result contradictory (content but no DNS).
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;
let farm: SiteFarm;
let api: ReturnType<typeof client>;
const ids: Record<string, string> = {};
let listId: string;

const sites = {
  'fit.test': { '/': page('Fit club', '<p>Our fitness club has gyms and pools with modern equipment. Built with WordPress. Mail fit@fit.test</p>') },
  'other.test': { '/': page('Bakery', '<p>We bake bread and cakes every morning for the neighbourhood.</p>') },
  'gone.test': { '/': page('Gone gym', '<p>fitness gyms pools equipment, write to hello@gone.test</p>') },
};

beforeAll(async () => {
  farm = await startSiteFarm(sites);
  dns = await startDnsServer(Object.fromEntries(Object.keys(sites).map((h) => [h, { A: ['127.0.0.1'], MX: [{ priority: 10, exchange: `mx.${h}` }] }])));
  rt = await startTestRuntime({ env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', SITE_ENRICHMENT_POLITENESS_MS: '10' } });
  api = client(rt.url, { key: (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey });
  for (const h of Object.keys(sites)) ids[h] = (await api.post('/api/companies', { name: h, website: farm.url(h) })).body.id;
  listId = (await api.post('/api/company-lists', { name: 'score me', type: 'STATIC' })).body.id;
  expect((await api.post(`/api/company-lists/${listId}/companies`, { companyIds: Object.values(ids) })).status).toBeLessThan(300);
  const preview = (await api.get(`/api/site-enrichment/preview?listId=${listId}`)).body;
  expect(preview).toMatchObject({ listId, domainField: 'website', companies: 3, withValue: 3, uniqueDomains: 3 });
  const { taskId } = (await api.post('/api/site-enrichment/tasks', { listId, domainField: 'website' })).body;
  for (let i = 0; i < 120; i++) {
    if ((await api.get(`/api/site-enrichment/tasks/${taskId}`)).body.status === 'DONE') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  dns.remove('gone.test');
}, 90_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

describe('scoring tasks (methodId 22)', () => {
  let taskId: string;
  it('creates the task, adds steps, shows the prompt that runs', async () => {
    const created = await api.post('/api/tasks', {
      methodId: 22,
      description: 'ICP',
      companyListId: listId,
      options: { modules: { icpreview: { ai_request: 'fitness gyms pools equipment' } } },
      steps: [{ type: 'DNS_CHECK' }, { type: 'EMAIL_EXTRACT' }, { type: 'TECH_DETECT' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ methodId: 22, methodName: 'scoring', companyListId: listId });
    taskId = created.body.id;
    expect((await api.post(`/api/tasks/${taskId}/steps`, { steps: [{ type: 'NOPE' }] })).status).toBe(400);
    expect(
      (await api.post(`/api/tasks/${taskId}/steps`, { steps: [{ type: 'WEBHOOK_CARD_FIELD', config: { targetEntity: 'LEAD', targetFieldId: 'x' } }] })).status,
    ).toBe(400);
    const added = await api.post(`/api/tasks/${taskId}/steps`, { steps: [{ type: 'AI_CONTENT', config: { threshold: 5 } }] });
    expect(added.status).toBe(200);
    expect(added.body.steps.map((s: any) => s.type)).toEqual(['DNS_CHECK', 'EMAIL_EXTRACT', 'TECH_DETECT', 'AI_CONTENT']);
    const prompt = (await api.get(`/api/icp-tasks/${taskId}/scoring-prompt`)).body;
    expect(prompt.source).toBe('custom');
    expect(prompt.prompt).toContain('{{content}}');
    // scoringTaskId of a site enrichment task must be a methodId-22 task
    expect((await api.post('/api/site-enrichment/tasks', { companyIds: [ids['fit.test']], scoringTaskId: taskId })).status).toBe(202);
  });

  it('scores every company, writes only ai_* on the card, and finds the contradictory one', async () => {
    const before = (await api.get(`/api/companies/${ids['other.test']}`)).body;
    expect((await api.post(`/tasks/${taskId}/scoring-results/retry`, {})).body).toEqual({ taskId, queued: 3 });
    let results: any;
    for (let i = 0; i < 120; i++) {
      results = (await api.get(`/tasks/${taskId}/scoring-results`)).body;
      if (results.total === 3) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const of = (h: string) => results.data.find((r: any) => r.companyId === ids[h]);
    expect(of('fit.test')).toMatchObject({ outcome: 'ACTIVE', reasonCode: 'icp_target' });
    expect(of('fit.test').stepResults.EMAIL_EXTRACT.emails).toContain('fit@fit.test');
    expect(of('fit.test').stepResults.TECH_DETECT.technologies).toContain('wordpress');
    expect(of('fit.test').stepResults.DNS_CHECK.resolves).toBe(true);
    expect(of('fit.test').stepResults.AI_CONTENT).toMatchObject({ target: true, competitor: false, provider: 'builtin', source: 'custom' });
    expect(of('other.test')).toMatchObject({ outcome: 'SCORED_BELOW_THRESHOLD', reasonCode: 'score_below_threshold' });
    expect(of('gone.test').contradictoryFields).toEqual(['dns', 'content']);
    const fitCard = (await api.get(`/api/companies/${ids['fit.test']}`)).body.customFields;
    expect(fitCard.ai_score).toBe(10);
    expect(fitCard.ai_type).toBe('target');
    const after = (await api.get(`/api/companies/${ids['other.test']}`)).body;
    const { ai_score, ai_type, ai_note, ...rest } = after.customFields;
    expect([typeof ai_score, typeof ai_type, typeof ai_note]).toEqual(['number', 'string', 'string']);
    expect(rest).toEqual(before.customFields);
    expect({ ...after, customFields: null, updatedAt: null }).toEqual({ ...before, customFields: null, updatedAt: null });
    const contradictory = (await api.get(`/tasks/${taskId}/scoring-results?contradictory=true`)).body;
    expect(contradictory.data.map((r: any) => r.companyId)).toEqual([ids['gone.test']]);
    expect((await api.post(`/tasks/${taskId}/scoring-results/retry`, { contradictoryOnly: true })).body.queued).toBe(1);
    const stats = (await api.get(`/api/tasks/${taskId}/scoring-stats`)).body;
    expect(stats).toMatchObject({ scored: 3, contradictory: 1 });
    const ev = (await api.get(`/api/tasks/${taskId}/scoring-step-events?companyId=${ids['fit.test']}`)).body;
    expect(ev.data.map((e: any) => e.step)).toEqual(['DNS_CHECK', 'EMAIL_EXTRACT', 'TECH_DETECT', 'AI_CONTENT']);
  }, 60_000);
});
