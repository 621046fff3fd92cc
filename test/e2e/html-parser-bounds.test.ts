import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Creative } from '../../shared/mailing/creatives/entities.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { nestedHtml } from '../support/fuzz.js';
import { crawlHosts, whileHealthy } from '../support/html-bounds.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

/**
 * Issue 27 item 2: one request could freeze the whole server. 40,000 unclosed <div> blocked the event
 * loop for 9-100 s, 300,000 for over 21 minutes, and a crawled page of them froze the crawl and was
 * retried. Deep and wide documents (fixed and generated with fast-check) go to every HTML door; the
 * properties: each ends with a 4xx (or a DOWN page_too_complex for the crawl) within a generous bound,
 * and while it is in flight GET /v1/health keeps answering, each probe within a bounded wait. No
 * timing is asserted: the figures are printed by test/bench/html-parse.ts. The time budget: html-parse-budget.test.ts.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;
let farm: SiteFarm;
let key: string;
let tenantId: string;

const deepDivs = (n: number) => '<div>'.repeat(n);
const sites = {
  'deep.test': { '/': `<html><head><title>Deep</title></head><body>${deepDivs(200_000)}</body></html>` }, // 1 MB
  'svg.test': { '/': page('SVG flood', `<svg>${'<svg/>'.repeat(150_000)}</svg>`) },
  'wide.test': { '/': page('Wide', '<p>Write to wide@wide.test</p>' + '<div>x</div>'.repeat(85_000)) }, // 1 MB, within the bounds
  'fine.test': { '/': page('Fine', '<p>Fine company, mail hello@fine.test or call +7 495 123-45-67.</p>') },
};

beforeAll(async () => {
  farm = await startSiteFarm(sites);
  dns = await startDnsServer(Object.fromEntries(Object.keys(sites).map((n) => [n, { A: ['127.0.0.1'] }])));
  // The longest budget: a 2 MB page within the bounds must come back 200 on a loaded machine (the budget itself: html-parse-budget.test.ts).
  const env = {
    DNS_SERVERS: dns.address,
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    SITE_ENRICHMENT_POLITENESS_MS: '10',
    SITE_ENRICHMENT_BROWSER: 'off',
    HTML_PARSE_BUDGET_MS: '60000',
  };
  rt = await startTestRuntime({ env });
  ({ apiKey: key, tenantId } = await createApprovedAccount(rt.deps, { scopes: ['*'] }));
}, 180_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

const NESTED = /^(html|bodyHtml): elements are nested more than 512 levels deep/;

describe('deep HTML cannot freeze the server', () => {
  it.each([10_000, 20_000, 40_000, 300_000])(
    '%i unclosed <div>: 400 from detect-forms and the content check, /v1/health answering',
    async (n) => {
      const forms = await whileHealthy(rt.url, key, '/api/site-enrichment/detect-forms', { html: deepDivs(n) });
      expect(forms.unanswered).toEqual([]);
      expect(forms.answer).toEqual({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: [expect.stringMatching(NESTED)] } });
      const check = await whileHealthy(rt.url, key, '/api/content-analyzer/check', { subject: 'Hi', bodyHtml: deepDivs(n) });
      expect(check.unanswered).toEqual([]);
      expect(check.answer.status).toBe(400);
      // Over the content check's 200,000-character cap (300k divs = 1.5 MB) the schema answers first.
      expect(check.answer.body.message).toEqual([n * 5 <= 200_000 ? expect.stringMatching(NESTED) : expect.stringMatching(/bodyHtml/)]);
    },
    300_000,
  );

  it('generated deep documents (fast-check: tags, text between, heads; 10k-300k levels) are each a 400 while /v1/health answers', async () => {
    const docs = fc.sample(nestedHtml({ minDepth: 10_000, maxDepth: 300_000 }), { seed: 27_0002, numRuns: 8 });
    for (const html of docs) {
      for (const [path, body] of [
        ['/api/site-enrichment/detect-forms', { html }],
        ['/api/content-analyzer/check', { subject: 'Hi', bodyHtml: html }],
      ] as const) {
        const r = await whileHealthy(rt.url, key, path, body);
        expect(r.unanswered, `${path} ${html.slice(0, 80)}`).toEqual([]);
        expect(r.answer.status, `${path} ${html.slice(0, 80)}: ${JSON.stringify(r.answer.body).slice(0, 200)}`).toBe(400);
      }
    }
  }, 600_000);

  it('a wide 2 MB page within the bounds is analysed off the event loop: 200, /v1/health answering meanwhile', async () => {
    const html = '<form action="/contact"><textarea name="message"></textarea><input name="email"></form>' + '<div>x</div>'.repeat(165_000);
    const r = await whileHealthy(rt.url, key, '/api/site-enrichment/detect-forms', { html });
    expect(r.unanswered).toEqual([]);
    expect(r.answer).toMatchObject({ status: 200, body: { hasForm: true, hasContactForm: true } });
  }, 300_000);
});

describe('deep nesting elsewhere is a 400, not "Maximum call stack size exceeded"', () => {
  it('a creative with { x 10,000, one with 39,000 <div> (saved or stored before), compose with <b> x 28,000', async () => {
    const api = client(rt.url, { key });
    const braces = await api.post('/api/creatives', { name: 'braces', subject: 'Hi', bodyHtml: `<p>${'{'.repeat(10_000)}</p>` });
    expect(braces.status).toBe(400);
    expect(braces.body.message).toEqual([expect.stringMatching(/^bodyHtml: spintax nested more than 50 levels deep/)]);
    expect((await api.post('/api/content-analyzer/check', { subject: 'x', bodyHtml: '{'.repeat(10_000) })).status).toBe(400);
    const divs = await api.post('/api/creatives', { name: 'divs', subject: 'Hi', bodyHtml: deepDivs(39_000) });
    expect(divs.status).toBe(400);
    expect(divs.body.message).toEqual([expect.stringMatching(/^bodyHtml: elements are nested more than 512/)]);
    // Tags the template assembles (`<{div|div}>`) are HTML only once rendered: a sample render refuses them on save.
    const assembled = await api.post('/api/creatives', { name: 'assembled', subject: 'Hi', bodyHtml: '<{div|div}>'.repeat(18_000) });
    expect(assembled.status).toBe(400);
    expect(assembled.body.message).toEqual([expect.stringMatching(/^bodyHtml: elements are nested more than 512/)]);
    // A creative stored before these bounds existed: its preview's text conversion answers the 400.
    const stored = await api.post('/api/creatives', { name: 'stored', subject: 'Hi', bodyHtml: '<p>short</p>' });
    expect(stored.status).toBe(201);
    await rt.deps.tenantTable(tenantId).update(Creative.key({ creativeId: stored.body.id }), { set: { bodyHtml: deepDivs(39_000) } });
    const preview = await api.get(`/api/creatives/${stored.body.id}/preview`);
    expect(preview.status).toBe(400);
    expect(preview.body.message).toEqual([expect.stringMatching(/^bodyHtml: elements are nested more than 512/)]);
    const compose = await api.post('/api/dialogs/compose', {
      recipient: 'lead@example.test',
      accountId: 'any-account',
      content: { subject: 'Hi', bodyHtml: '<b>'.repeat(28_000) },
    });
    expect(compose.status).toBe(400);
    expect(compose.body.message).toEqual([expect.stringMatching(/^bodyHtml: elements are nested more than 512/)]);
  }, 120_000);
});

describe('the crawl: a page over the bounds or the budget is a result, never a retry', () => {
  it('1 MB of <div> and an <svg/> flood are DOWN page_too_complex, fetched once; the others are OK', async () => {
    const { task, of, summary } = await crawlHosts(rt.url, key, farm, ['deep.test', 'svg.test', 'wide.test', 'fine.test']);
    expect(task.status).toBe('PARTIAL');
    expect(of('deep.test')).toMatchObject({ status: 'DOWN', reasonCode: 'page_too_complex' });
    expect(of('svg.test')).toMatchObject({ status: 'DOWN', reasonCode: 'page_too_complex' });
    expect(of('wide.test')).toMatchObject({ status: 'OK', title: 'Wide' });
    expect(of('fine.test')).toMatchObject({ status: 'OK', title: 'Fine' });
    expect(summary).toEqual(expect.arrayContaining([{ reasonCode: 'page_too_complex', count: 2 }]));
    expect(farm.hits.get('deep.test /')).toBe(1);
    expect(farm.hits.get('svg.test /')).toBe(1);
  }, 180_000);
});
