// Issue 26 item 7, the crawl half, in real Chromium: a person starts a site crawl over a company list
// (after the API refused a too-short page timeout, shown next to that field), watches its funnel fill in
// without a reload while two sites hold their answer (the test releases them once the page shows the
// partial count), pauses and resumes it, sees the event log grow and the crawl reach its end, and opens a
// company's result to see the contacts found with the page each came from; then scores the same list with
// a DNS step and filters the results to the contradictory ones. The companies' websites are
// served by a local HTTP server on 127.0.0.1 (names resolved by the test DNS server; the runtime's
// loopback allowance for tests). What the pages show is checked against the API; every page is
// screenshotted and checked with axe, once at 390 px.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';
import { activeAccount, startWebsite, zones } from './accounts-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let releaseSlowSites!: () => void;
const slowSitesReleased = new Promise<void>((r) => (releaseSlowSites = r));
const held = (title: string) => (_q: unknown, s: import('node:http').ServerResponse) =>
  void slowSitesReleased.then(() =>
    s.writeHead(200, { 'content-type': 'text/html' }).end(page(title, '<p>A site that answers only when the test lets it, with words enough.</p>')),
  );

const sites = {
  'alpha.test': {
    '/': page('Alpha Widgets', '<p>Alpha makes widgets for industry, call +7 495 123-45-67.</p><a href="/contacts">Contacts</a>'),
    '/contacts': page('Contacts', '<p>Write to sales@alpha.test for quotes.</p>'),
  },
  'beta.test': { '/': page('Beta Tools', '<p>Beta tools for builders. Mail <a href="mailto:info@beta.test">us</a>.</p>') },
  'gamma.test': { '/': page('Gamma Parts', '<p>Gamma parts and spares for every machine on the market.</p>') },
  'broken.test': { '/': (_q: unknown, s: import('node:http').ServerResponse) => void s.writeHead(500).end('boom') },
  'slow1.test': { '/': held('Slow One') },
  'slow2.test': { '/': held('Slow Two') },
};

let farm: SiteFarm;
let dns: DnsServer;
let web: Awaited<ReturnType<typeof startWebsite>>;
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [farm, web] = await Promise.all([startSiteFarm(sites), startWebsite()]);
  dns = await startDnsServer({ ...zones(web.ip), ...Object.fromEntries(Object.keys(sites).map((n) => [n, { A: ['127.0.0.1'] }])) });
  [rt, run] = await Promise.all([
    startTestRuntime({
      env: {
        TRUST_PROXY: 'true',
        DNS_SERVERS: dns.address,
        SVC_ALLOW_LOOPBACK_TARGETS: 'true',
        SITE_ENRICHMENT_POLITENESS_MS: '10',
        SITE_ENRICHMENT_BROWSER: 'off',
      },
    }),
    startBrowser('enrichment'),
  ]);
});
afterAll(async () => {
  releaseSlowSites?.();
  await run?.close();
  await rt?.stop();
  await dns?.stop();
  await web?.stop();
  await farm?.stop();
});

describe('enrichment: a site crawl in the browser', () => {
  it('a person starts a crawl over a list, watches its funnel and log fill in live, and reads the contacts found with their source pages', async () => {
    const account = await activeAccount({ rt, http: client(rt.url) });
    const api = client(rt.url, { key: account.apiKey });
    const ids: Record<string, string> = {};
    for (const name of [...Object.keys(sites), 'no-site']) {
      const website = name === 'no-site' ? {} : { website: farm.url(name) };
      const r = await api.post('/api/companies', { name: `${name} company`, ...website });
      expect(r.status).toBe(201);
      ids[name] = r.body.id;
    }
    const list = await api.post('/api/company-lists', { name: 'Prospects to crawl', type: 'STATIC' });
    expect((await api.post(`/api/company-lists/${list.body.id}/companies`, { companyIds: Object.values(ids) })).status).toBeLessThan(300);

    const p = await run.newPage();
    await p.signIn(rt.url, account, '/enrichment');
    await p.waitForText('No crawls yet.');
    await p.fill('Company list', list.body.id);
    await p.fill('Pages per site', 'home+contacts');
    await p.click('button', 'Preview');
    await p.waitForText('7 companies in the list, 6 with a value in “website”, 6 distinct domains to visit.');
    await p.check('crawls-new');

    // A timeout under the API's minimum: its message sits next to that field, nothing is created.
    await p.fill('Page timeout in ms (optional)', '999');
    await p.click('button', 'Start crawl');
    await p.waitForText('timeoutMs must not be less than 1000');
    const fieldError = await p.byLabel('Page timeout in ms (optional)').then((el) => el.evaluate((e) => e.getAttribute('aria-invalid')));
    expect(fieldError).toBe('true');
    expect((await api.get('/api/site-enrichment/tasks')).body.data).toHaveLength(0);

    await p.fill('Page timeout in ms (optional)', '60000');
    await p.fill('Attempts per page (optional)', '1');
    await p.click('button', 'Start crawl');
    await p.waitForLocation((l) => /^\/app\/enrichment\/[^/]+$/.test(l));
    const taskId = decodeURIComponent(p.location().split('/').pop()!);
    const tasks = (await api.get('/api/site-enrichment/tasks')).body.data as { taskId: string; options: { timeoutMs: number; visitPages: string } }[];
    expect(tasks.map((x) => [x.taskId, x.options.timeoutMs, x.options.visitPages])).toEqual([[taskId, 60000, 'home+contacts']]);

    // Live: the four quick companies and the one without a site are counted while two sites hold their answer.
    const text = await p.waitForText('5 of 7 companies processed', 60_000);
    expect(text).toContain('Running');
    const logLines = () => p.page.$$eval('.event-log li', (li) => li.length);
    // The log reads the events on its own poll, after the counters the line above waited for.
    await expect.poll(logLines, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(6); // create, the no-site card, started, 4 sites read or down
    const linesWhileRunning = await logLines();
    await p.waitForText('Site down: server error (5xx)');
    await p.check('crawl-running');

    // Pause and resume from the page: the state reads back from the API each time.
    await p.click('button', 'Pause');
    await p.waitForText(/Status\s*Paused/);
    expect((await api.get(`/api/site-enrichment/tasks/${taskId}`)).body.status).toBe('PAUSED');
    await p.click('button', 'Resume');
    await p.waitForText('Cancel');
    expect(['QUEUED', 'RUNNING']).toContain((await api.get(`/api/site-enrichment/tasks/${taskId}`)).body.status);

    releaseSlowSites();
    const done = await p.waitForText(/Status\s*Done, some sites down/, 60_000);
    await p.waitForText('7 of 7 companies processed');
    await p.waitForText('Crawl finished, some sites down');
    expect(await logLines()).toBeGreaterThan(linesWhileRunning);
    expect(done).toContain('Retry the sites not read');

    // The funnel and the counts, as the API has them.
    const stats = (await api.get(`/api/site-enrichment/tasks/${taskId}/stats`)).body;
    expect(stats.funnel.cards).toMatchObject({ queued: 7, processed: 7, ok: 5, down: 1, noSite: 1 });
    const funnel = await p.page.$$eval('.funnel-steps li', (li) => li.map((l) => l.textContent ?? ''));
    expect(funnel[0]).toMatch(/^Queued7/);
    expect(funnel[1]).toMatch(/^Processed7/);
    expect(funnel[2]).toMatch(/^OK5/);
    expect(funnel.some((f) => /^Down1/.test(f))).toBe(true);
    expect(funnel.some((f) => /^server error \(5xx\) \(http_5xx\)1/.test(f))).toBe(true);
    const events = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?cursor=0&limit=500`)).body;
    expect(await p.text()).toContain(`${events.data.length} events read`);
    expect(events.data.find((e: { kind: string }) => e.kind === 'item_down')).toMatchObject({ companyId: ids['broken.test'], reasonCode: 'http_5xx' });
    await p.check('crawl-done');

    // A company's result: its contacts, each with the page it was found on, as links that open a new tab.
    await p.click('button', 'Contacts of alpha.test');
    await p.waitForText('Contacts of alpha.test company found on its website');
    const card = (await api.get(`/api/companies/${ids['alpha.test']}`)).body;
    const email = card.customFields.site_contacts.emails.find((e: { value: string }) => e.value === 'sales@alpha.test');
    expect(email.sourceUrl).toBe(`${farm.url('alpha.test')}contacts`);
    const links = await p.page.$$eval('.site-contacts a', (as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel]));
    expect(links).toContainEqual([email.sourceUrl, email.sourceUrl, '_blank', 'noopener noreferrer']);
    expect(await p.text()).toContain('sales@alpha.test — found on');
    await p.check('crawl-contacts');

    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('crawl-390');
    await p.page.setViewport({ width: 1280, height: 900 });
    await p.click('link', 'All crawls');
    await p.waitForText('Done, some sites down');
    await p.check('crawls-list');

    // Scoring the same list: a task with a DNS step, a run, its outcomes, the contradictory filter.
    await p.click('link', 'Scoring');
    await p.waitForText('No scoring tasks yet.');
    await p.fill('Name', 'Fit check');
    await p.fill('Companies to score', list.body.id);
    await p.click('button', 'Create scoring task');
    await p.waitForLocation((l) => /^\/app\/scoring\/[^/]+$/.test(l));
    const scoringId = decodeURIComponent(p.location().split('/').pop()!);
    await p.waitForText('No steps yet');
    await p.fill('Step', 'DNS_CHECK');
    await p.click('button', 'Add step');
    await p.waitForText('DNS and MX check (DNS_CHECK)');
    expect((await api.get(`/api/tasks/${scoringId}`)).body.steps.map((s: { type: string }) => s.type)).toEqual(['DNS_CHECK']);
    await p.click('button', 'Score all companies');
    await p.waitForText('7 companies queued for scoring');
    await p.waitForText('7 companies scored; 0 with contradictory facts.', 60_000);
    const scoring = (await api.get(`/api/tasks/${scoringId}/scoring-stats`)).body;
    expect(scoring).toMatchObject({ scored: 7, contradictory: 0 });
    await p.check('scoring-task');
    await p.fill('Only contradictory results', true);
    await p.waitForText('No results with contradictory facts.');
    expect((await api.get(`/tasks/${scoringId}/scoring-results?contradictory=true`)).body.total).toBe(0);
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('scoring-task-390');
    await p.close();
  });
});
