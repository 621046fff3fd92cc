import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { crawlHosts, whileHealthy } from '../support/html-bounds.js';
import { startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

/**
 * Issue 27 item 2, the time budget: an analysis within the HTML bounds that runs longer than
 * HTML_PARSE_BUDGET_MS (300 ms here) has its worker thread terminated; the API answers 400, the crawl
 * records the page as DOWN page_too_complex (fetched once, never retried). The pool itself (a fresh worker
 * after an overrun, the heap cap): test/unit/html-off-thread.test.ts.
 */
const BUDGET_MS = 300;
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;
let farm: SiteFarm;
let key: string;

const sites = {
  // 1 MB of phone numbers: each one is parsed by libphonenumber, seconds of work for any machine.
  'phones.test': { '/': page('Phones', `<p>${'+7 495 123-45-67, '.repeat(55_000)}</p>`) },
};

beforeAll(async () => {
  farm = await startSiteFarm(sites);
  dns = await startDnsServer(Object.fromEntries(Object.keys(sites).map((n) => [n, { A: ['127.0.0.1'] }])));
  rt = await startTestRuntime({
    env: {
      DNS_SERVERS: dns.address,
      SVC_ALLOW_LOOPBACK_TARGETS: 'true',
      SITE_ENRICHMENT_POLITENESS_MS: '10',
      SITE_ENRICHMENT_BROWSER: 'off',
      HTML_PARSE_BUDGET_MS: String(BUDGET_MS),
    },
  });
  key = (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey;
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

describe('the HTML analysis time budget', () => {
  it('detect-forms over the budget: 400 naming it, /v1/health answering meanwhile', async () => {
    // 50 nested forms over 150,000 elements: each form's field and text reads walk the rest of the page
    // (~1.1 s on a quiet machine, within the bounds). A flat page of divs parses in ~170 ms since the light
    // tree replaced cheerio, under the budget on a quiet machine.
    const html = '<section><form>'.repeat(50) + '<div>x</div>'.repeat(150_000);
    const r = await whileHealthy(rt.url, key, '/api/site-enrichment/detect-forms', { html });
    expect(r.unanswered).toEqual([]);
    expect(r.answer).toEqual({
      status: 400,
      body: expect.objectContaining({ message: [expect.stringMatching(/^html: the HTML took longer than 0\.3 s to analyse/)] }),
    });
  }, 180_000);

  it('a crawled page over the budget is DOWN page_too_complex, fetched once (no retry of the page or of the queue message)', async () => {
    const { task, of, summary } = await crawlHosts(rt.url, key, farm, ['phones.test']);
    expect(task.status).toBe('FAILED'); // its only company is DOWN
    expect(of('phones.test')).toMatchObject({ status: 'DOWN', reasonCode: 'page_too_complex' });
    expect(summary).toEqual([{ reasonCode: 'page_too_complex', count: 1 }]);
    expect(farm.hits.get('phones.test /')).toBe(1);
  }, 180_000);
});
