import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// A home+contacts crawl of ~30 loopback sites (host-header routing, names resolved by the test DNS server):
// fetch and Chromium paths, redirects, 4xx/5xx, timeouts, parked pages, robots.txt, shared hosts, contacts.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;
let farm: SiteFarm;
let api: ReturnType<typeof client>;

const staticSites: Record<string, Record<string, string>> = {};
for (let i = 1; i <= 12; i++)
  staticSites[`static${i}.test`] = {
    '/': page(
      `Static ${i}`,
      `<p>Welcome to static company ${i}. We make widgets of all sizes for industry.</p>`,
      `<meta name="description" content="Static ${i} description">`,
    ),
  };

const sites: Record<string, Record<string, any>> = {
  ...staticSites,
  'js.test': {
    '/': '<html><head><title>JS only</title></head><body><div id="app"></div><script>document.getElementById("app").innerHTML = "<p>Rendered by script: write to render@js.test or call +7 495 765-43-21 any time of day</p>"</script></body></html>',
  },
  'redirect.test': {
    '/': (_q: any, s: any) => s.writeHead(301, { location: '/home' }).end(),
    '/home': page('Redirected home', '<p>You arrived after a redirect, welcome to our redirect company.</p>'),
  },
  'err500.test': { '/': (_q: any, s: any) => s.writeHead(500).end('boom') },
  'gone.test': { '/': (_q: any, s: any) => s.writeHead(404).end('nope') },
  'slow.test': { '/': (_q: any, s: any) => setTimeout(() => s.writeHead(200, { 'content-type': 'text/html' }).end(page('Slow', '<p>finally</p>')), 25_000) },
  'parked.test': { '/': page('parked.test', '<h1>This domain is for sale!</h1><p>Buy this domain today.</p>') },
  'shared.test': { '/': page('Shared host', '<p>Two companies share this site. Mail <a href="mailto:team@shared.test">us</a>.</p>') },
  'contacts.test': {
    '/': page('Contacts Co', '<p>Home page of contacts company with enough words to be content.</p><a href="/about">About</a><a href="/contacts">Contacts</a>'),
    '/contacts': page(
      'Contacts',
      '<p>Email: sales@contacts.test, phone 8 (812) 555-12-34</p><a href="https://vk.com/contactsco">VK</a><a href="https://t.me/contactsco">Telegram</a>',
    ),
  },
  'services.test': {
    '/': page('Services Co', '<p>Services company home with a lot of words inside.</p><a href="/contacts">Contacts</a><a href="/services">Our services</a>'),
    '/services': page('Services', '<p>Pool and spa. Reach us: spa(at)services.test</p>'),
    '/contacts': page('Contacts', '<p>never visited: hidden@services.test</p>'),
  },
  'spell.test': {
    '/': page(
      'Spellings',
      '<p>Write to info [at] spell [dot] test or <a href="mailto:Boss@Spell.test?subject=hi">boss</a>, call <a href="tel:+1-415-555-0132">us</a> or +7 (495) 123-45-67.</p><a href="https://www.facebook.com/spellco/">fb</a><a href="https://instagram.com/spellco">ig</a><a href="https://www.linkedin.com/company/spellco">in</a>',
    ),
  },
  'robots.test': {
    '/robots.txt': (_q: any, s: any) => s.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /'),
    '/': page('Robots', '<p>secret</p>'),
  },
  'cp1251.test': {
    '/': (_q: any, s: any) =>
      s
        .writeHead(200, { 'content-type': 'text/html; charset=windows-1251' })
        .end(
          Buffer.from([
            ...Buffer.from('<html><head><title>'),
            0xcf,
            0xf0,
            0xe8,
            0xe2,
            0xe5,
            0xf2,
            ...Buffer.from('</title></head><body><p>Windows-1251 page with text for the crawler.</p></body></html>'),
          ]),
        ),
  },
};

const names = Object.keys(sites);
const companies: Record<string, string> = {};

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, rounds = 120): Promise<T> {
  let v = await fn();
  for (let i = 0; i < rounds && !done(v); i++) (await new Promise((r) => setTimeout(r, 500)), (v = await fn()));
  return v;
}

beforeAll(async () => {
  farm = await startSiteFarm(sites);
  dns = await startDnsServer(Object.fromEntries(names.map((n) => [n, { A: ['127.0.0.1'] }])));
  rt = await startTestRuntime({ env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', SITE_ENRICHMENT_POLITENESS_MS: '10' } });
  const acct = await createApprovedAccount(rt.deps, { scopes: ['*'] });
  api = client(rt.url, { key: acct.apiKey });
  const add = async (name: string, website?: string) => {
    const r = await api.post('/api/companies', { name, ...(website ? { website } : {}) });
    expect(r.status).toBe(201);
    companies[name] = r.body.id;
  };
  for (const n of names) await add(n, n === 'redirect.test' ? farm.url(n) : `${farm.url(n).replace(/\/$/, '')}`);
  await add('shared-2', farm.url('www.shared.test').replace('www.', 'www.'));
  await add('nxdomain', `http://nxdomain.test:${farm.port}/`);
  await add('no-site');
}, 120_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
});

describe('site enrichment crawl (home+contacts)', () => {
  let taskId: string;
  it('runs to the end with the expected status and reasonCode per company', async () => {
    const bad = await api.post('/api/site-enrichment/tasks', { companyIds: Object.values(companies), timeoutMs: 999 });
    expect(bad.status).toBe(400);
    const res = await api.post('/api/site-enrichment/tasks', {
      companyIds: Object.values(companies),
      visitPages: 'home+contacts',
      // A message carries four hosts and all 26 are visited at once: a deadline well above a loaded
      // machine's page time, and well below slow.test's 25 s.
      timeoutMs: 12_000,
      maxAttempts: 1,
    });
    expect(res.status).toBe(202);
    expect(res.body.queued).toBe(Object.keys(companies).length);
    taskId = res.body.taskId;
    const task = await waitFor(
      () => api.get(`/api/site-enrichment/tasks/${taskId}`),
      (r) => ['DONE', 'PARTIAL', 'FAILED'].includes(r.body.status),
    );
    expect(task.body.status).toBe('PARTIAL');
    const items = (await api.get(`/api/site-enrichment/tasks/${taskId}/items?limit=500`)).body.data as any[];
    const of = (name: string) => items.find((i) => i.companyId === companies[name]);
    const down = Object.keys(companies)
      .filter((n) => of(n).status !== 'OK')
      .map((n) => `${n}:${of(n).reasonCode}`);
    expect(down.sort()).toEqual([
      'err500.test:http_5xx',
      'gone.test:http_4xx',
      'no-site:no_domain',
      'nxdomain:dns_failure',
      'parked.test:parked_domain',
      'robots.test:blocked_by_robots',
      'slow.test:timeout',
    ]);
    for (let i = 1; i <= 12; i++) expect(of(`static${i}.test`)).toMatchObject({ status: 'OK', reasonCode: null, method: 'fetch', title: `Static ${i}` });
    expect(of('js.test')).toMatchObject({ status: 'OK', method: 'browser' });
    expect(of('redirect.test')).toMatchObject({ status: 'OK', title: 'Redirected home' });
    expect(of('redirect.test').sourceUrls[0]).toMatch(/\/home$/);
    expect(of('err500.test')).toMatchObject({ status: 'DOWN', reasonCode: 'http_5xx' });
    expect(of('gone.test')).toMatchObject({ status: 'DOWN', reasonCode: 'http_4xx' });
    expect(of('slow.test')).toMatchObject({ status: 'DOWN', reasonCode: 'timeout' });
    expect(of('parked.test')).toMatchObject({ status: 'DOWN', reasonCode: 'parked_domain' });
    expect(of('robots.test')).toMatchObject({ status: 'DOWN', reasonCode: 'blocked_by_robots' });
    expect(of('nxdomain')).toMatchObject({ status: 'DOWN', reasonCode: 'dns_failure' });
    expect(of('no-site')).toMatchObject({ status: 'NO_SITE', reasonCode: 'no_domain' });
    expect(of('cp1251.test')).toMatchObject({ status: 'OK', title: 'Привет' });
    // Shared host: visited once, the result on both cards.
    expect(of('shared.test')).toMatchObject({ status: 'OK' });
    expect(of('shared-2')).toMatchObject({ status: 'OK' });
    expect(farm.hits.get('shared.test /')).toBe(1);
    // The second page by priority: services before contacts, never a third page.
    expect(of('services.test').sourceUrls[1]).toMatch(/\/services$/);
    expect(farm.hits.get('services.test /contacts')).toBeUndefined();
    expect(of('contacts.test').sourceUrls[1]).toMatch(/\/contacts$/);
  }, 120_000);

  it('puts contacts with sourceUrl on the card, de-duplicated', async () => {
    const card = (await api.get(`/api/companies/${companies['spell.test']}`)).body;
    const sc = card.customFields.site_contacts;
    expect(sc.emails.map((e: any) => e.value).sort()).toEqual(['boss@spell.test', 'info@spell.test']);
    expect(sc.phones.map((e: any) => e.value).sort()).toEqual(['+14155550132', '+74951234567']);
    expect(sc.social.map((e: any) => e.value).sort()).toEqual([
      'https://facebook.com/spellco',
      'https://instagram.com/spellco',
      'https://linkedin.com/company/spellco',
    ]);
    for (const e of [...sc.emails, ...sc.phones, ...sc.social]) (expect(e.sourceUrl).toMatch(/^http:\/\/spell\.test:/), expect(e.collectedAt).toBeTruthy());
    expect(card.customFields.site_title).toBe('Spellings');
    const contacts = (await api.get(`/api/companies/${companies['contacts.test']}`)).body.customFields.site_contacts;
    expect(contacts.emails[0]).toMatchObject({ value: 'sales@contacts.test' });
    expect(contacts.emails[0].sourceUrl).toMatch(/\/contacts$/);
    expect(contacts.phones.map((p: any) => p.value)).toEqual(['+78125551234']);
    const js = (await api.get(`/api/companies/${companies['js.test']}`)).body.customFields.site_contacts;
    expect(js.emails.map((e: any) => e.value)).toEqual(['render@js.test']);
  });

  it('events come in seq order with item payloads; stats and reason summary agree', async () => {
    const ev = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=500`)).body;
    const seqs = ev.data.map((e: any) => e.seq);
    expect(seqs).toEqual(seqs.map((_: any, i: number) => i + 1));
    const kinds = ev.data.map((e: any) => e.kind);
    expect(kinds[0]).toBe('create');
    expect(kinds).toContain('running');
    expect(kinds.at(-1)).toBe('partial');
    const ok = ev.data.filter((e: any) => e.kind === 'item_ok');
    expect(ok.length).toBeGreaterThan(15);
    const spell = ok.find((e: any) => e.companyId === companies['spell.test']);
    expect(spell.payload).toMatchObject({ counts: { emails: 2, phones: 2, social: 3 }, added: { emails: 2, phones: 2, social: 3 } });
    const next = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?cursor=${ev.cursor}`)).body;
    expect(next.data).toEqual([]);
    const stats = (await api.get(`/api/site-enrichment/tasks/${taskId}/stats`)).body;
    const n = Object.keys(companies).length;
    expect(stats.funnel.cards).toEqual({ queued: n, withDomain: n - 1, processed: n, ok: n - 7, down: 6, noSite: 1 });
    expect(stats.funnel.domains.uniqueInScope).toBe(n - 2);
    expect(stats.byMethod.browser).toBeGreaterThanOrEqual(1);
    expect(stats.collected.emailsAdded).toBeGreaterThanOrEqual(6);
    expect(stats.pace).toEqual({ state: 'finished' });
    const reasons = (await api.get(`/api/site-enrichment/tasks/${taskId}/reason-summary`)).body;
    expect(reasons.reduce((s: number, r: any) => s + r.count, 0)).toBe(6);
    const raw = await api.get(`/api/site-enrichment/raw?companyId=${companies['contacts.test']}`);
    expect(raw.body.data.map((r: any) => r.page).sort()).toEqual(['contacts', 'home']);
    expect(raw.body.data[0]).toMatchObject({ method: 'fetch', httpStatus: 200, truncated: false });
    expect((await api.get('/api/site-enrichment/raw')).status).toBe(400);
    expect((await api.get(`/api/site-enrichment/raw?companyId=${companies['err500.test']}`)).body.data).toEqual([]);
  });

  it('retry re-queues only the not-OK companies', async () => {
    const before = farm.hits.get('static1.test /');
    const r = await api.post(`/api/site-enrichment/tasks/${taskId}/retry`);
    expect(r.status).toBe(200);
    const task = await waitFor(
      () => api.get(`/api/site-enrichment/tasks/${taskId}`),
      (x) => ['DONE', 'PARTIAL', 'FAILED'].includes(x.body.status),
    );
    expect(task.body.status).toBe('PARTIAL');
    expect(farm.hits.get('static1.test /')).toBe(before);
    expect(farm.hits.get('err500.test /')).toBe(2);
    const kinds = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=500`)).body.data.map((e: any) => e.kind);
    expect(kinds).toContain('retry');
    expect((await api.post(`/api/site-enrichment/tasks/${taskId}/resume`)).status).toBe(409);
  }, 60_000);
});
