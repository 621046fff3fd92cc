import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { page, startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// The scoring steps that reach outside the card: DOMAIN_AGE (an RDAP server on loopback), SSL_CHECK (a
// real handshake with a loopback TLS server whose self-signed certificate openssl makes here),
// COMPANY_SIZE, NALOG_LOOKUP (a DaData-shaped registry on loopback; one name makes it answer 503),
// AI_CARD_FIELD (builtin provider; COMPANY, CONTACT, LEAD) and WEBHOOK_CARD_FIELD (a loopback receiver,
// admitted by SVC_ALLOW_LOOPBACK_TARGETS like the webhooks tests). Each step writes only what the spec allows.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let dns: DnsServer;
let farm: SiteFarm;
let api: ReturnType<typeof client>;
const servers: http.Server[] = [];
const received: any[] = [];
let tlsPort = 0;
let hookPort = 0;
let certDir = '';
const ids: Record<string, string> = {};
let contactId = '';
let listId = '';

const DAY = 86_400_000;
const REGISTERED = '2019-03-01T00:00:00Z';

async function listen(s: http.Server) {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}
const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((r) => {
    let b = '';
    req.on('data', (c) => (b += c)).on('end', () => r(b));
  });

beforeAll(async () => {
  farm = await startSiteFarm({
    'acme.test': { '/': page('Acme tools', '<p>Acme makes industrial tools. We are a team of 45 engineers in Kazan. Write to sales@acme.test</p>') },
  });
  certDir = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'ssl-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30', '-subj', '/CN=secure.test/O=Loopback Test',
    '-addext', 'subjectAltName=DNS:secure.test', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  const tls = https.createServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, (_q, res) =>
    res.end('secure'),
  );
  tlsPort = await listen(tls);
  const rdap = await listen(
    http.createServer((req, res) =>
      req.url === '/domain/acme.test'
        ? json(res, 200, {
            objectClassName: 'domain',
            ldhName: 'acme.test',
            events: [
              { eventAction: 'registration', eventDate: REGISTERED },
              { eventAction: 'expiration', eventDate: '2030-03-01T00:00:00Z' },
            ],
            entities: [
              {
                roles: ['registrar'],
                vcardArray: [
                  'vcard',
                  [
                    ['version', {}, 'text', '4.0'],
                    ['fn', {}, 'text', 'Test Registrar'],
                  ],
                ],
              },
            ],
          })
        : json(res, 404, { errorCode: 404 }),
    ),
  );
  const registry = await listen(
    http.createServer(async (req, res) => {
      const q = JSON.parse(await readBody(req)).query as string;
      if (req.headers.authorization !== 'Token reg-key' || /secure/i.test(q)) return json(res, 503, {});
      json(res, 200, {
        suggestions: [{ value: 'ООО "Acme"', data: { inn: '7707083893', ogrn: '1027700132195', address: { value: 'Kazan' }, state: { status: 'ACTIVE' } } }],
      });
    }),
  );
  hookPort = await listen(
    http.createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req));
      received.push(body);
      return body.company.name === 'Acme' ? json(res, 200, { value: 'gold' }) : json(res, 500, {});
    }),
  );
  dns = await startDnsServer({ 'acme.test': { A: ['127.0.0.1'] }, 'secure.test': { A: ['127.0.0.1'] } });
  rt = await startTestRuntime({
    env: {
      DNS_SERVERS: dns.address,
      SVC_ALLOW_LOOPBACK_TARGETS: 'true',
      SITE_ENRICHMENT_POLITENESS_MS: '10',
      RDAP_BASE_URL: `http://127.0.0.1:${rdap}/`,
      REGISTRY_BASE_URL: `http://127.0.0.1:${registry}`,
      REGISTRY_API_KEY: 'reg-key',
    },
  });
  api = client(rt.url, { key: (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey });
  for (const slug of ['summary', 'tier', 'ogrn', 'registry_status'])
    expect((await api.post('/api/companies/custom-fields', { slug, label: slug, fieldType: 'text' })).status).toBe(201);
  expect((await api.post('/api/contacts/custom-fields', { slug: 'note', label: 'Note', fieldType: 'text' })).status).toBe(201);
  ids.acme = (await api.post('/api/companies', { name: 'Acme', website: farm.url('acme.test') })).body.id;
  ids.secure = (await api.post('/api/companies', { name: 'Secure', website: `https://secure.test:${tlsPort}/` })).body.id;
  contactId = (await api.post('/api/contacts', { firstName: 'Ann', email: 'ann@acme.test', companyId: ids.acme })).body.id;
  listId = (await api.post('/api/company-lists', { name: 'steps', type: 'STATIC' })).body.id;
  await api.post(`/api/company-lists/${listId}/companies`, { companyIds: Object.values(ids) });
  const { taskId } = (await api.post('/api/site-enrichment/tasks', { listId, domainField: 'website' })).body;
  // secure.test is DOWN (tls_error), so the task ends PARTIAL: wait for any end, then make sure it is that one.
  let status = '';
  for (let i = 0; i < 480 && !['DONE', 'PARTIAL', 'FAILED'].includes((status = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body.status)); i++)
    await new Promise((r) => setTimeout(r, 250));
  expect(status).toBe('PARTIAL');
}, 240_000);

afterAll(async () => {
  await rt?.stop();
  await dns?.stop();
  await farm?.stop();
  for (const s of servers) await new Promise((r) => (s.closeAllConnections(), s.close(r)));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe('scoring steps that reach outside the card', () => {
  it('refuses a WEBHOOK_CARD_FIELD without an address', async () => {
    const { id } = (await api.post('/api/tasks', { methodId: 22, companyListId: listId })).body;
    const r = await api.post(`/api/tasks/${id}/steps`, { steps: [{ type: 'WEBHOOK_CARD_FIELD', config: { targetEntity: 'COMPANY', targetFieldId: 'tier' } }] });
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(['steps.0: WEBHOOK_CARD_FIELD needs config.url (an https address)']);
  });

  it('runs every step, writes only what each may write, and says why a step is UNAVAILABLE', async () => {
    const before = { acme: (await api.get(`/api/companies/${ids.acme}`)).body, secure: (await api.get(`/api/companies/${ids.secure}`)).body };
    const contactBefore = (await api.get(`/api/contacts/${contactId}`)).body;
    const card = (slug: string, targetEntity = 'COMPANY') => ({ targetEntity, targetFieldId: slug });
    const { id } = (
      await api.post('/api/tasks', {
        methodId: 22,
        companyListId: listId,
        steps: [
          { type: 'DOMAIN_AGE' },
          { type: 'SSL_CHECK' },
          { type: 'COMPANY_SIZE' },
          { type: 'NALOG_LOOKUP' },
          { type: 'AI_CARD_FIELD', config: { ...card('summary'), prompt: 'Summarise {{title}}: {{content}}' } },
          { type: 'AI_CARD_FIELD', config: { ...card('note', 'CONTACT'), prompt: 'Opening line for {{title}}' } },
          { type: 'AI_CARD_FIELD', config: card('note', 'LEAD') },
          { type: 'WEBHOOK_CARD_FIELD', config: { ...card('tier'), url: `http://127.0.0.1:${hookPort}/tier` } },
        ],
      })
    ).body;
    expect((await api.post(`/tasks/${id}/scoring-results/retry`, {})).body.queued).toBe(2);
    let results: any;
    for (let i = 0; i < 120 && (results = (await api.get(`/tasks/${id}/scoring-results`)).body).total < 2; i++) await new Promise((r) => setTimeout(r, 250));
    const acme = results.data.find((r: any) => r.companyId === ids.acme);
    const secure = results.data.find((r: any) => r.companyId === ids.secure);

    const age = acme.stepResults.DOMAIN_AGE;
    expect(age).toMatchObject({ domain: 'acme.test', registered: true, registeredAt: '2019-03-01T00:00:00.000Z', registrar: 'Test Registrar' });
    expect(age.ageDays).toBe(Math.floor((Date.parse(acme.scoredAt) - Date.parse(REGISTERED)) / DAY));
    expect(secure.stepResults.DOMAIN_AGE).toEqual({ domain: 'secure.test', registered: false });

    expect(secure.stepResults.SSL_CHECK).toMatchObject({
      host: 'secure.test',
      port: tlsPort,
      authorized: false,
      authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      hostnameMatches: true,
      valid: false,
      selfSigned: true,
      subject: 'secure.test',
      issuer: 'Loopback Test',
    });
    expect(secure.stepResults.SSL_CHECK.daysToExpiry).toBeGreaterThanOrEqual(29);
    expect(acme.stepResults.SSL_CHECK).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'connection_refused', host: 'acme.test', port: 443 });

    expect(acme.stepResults.COMPANY_SIZE).toMatchObject({ found: true, employees: 45, band: '11-50', evidence: 'team of 45' });
    expect(acme.stepResults.NALOG_LOOKUP).toMatchObject({ taxId: '7707083893', written: ['taxId', 'ogrn', 'registry_status'] });
    expect(secure.stepResults.NALOG_LOOKUP).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'registry_unavailable' });
    expect(acme.stepResults['AI_CARD_FIELD#3']).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'lead_has_no_custom_fields' });
    expect(acme.stepResults['AI_CARD_FIELD#2']).toMatchObject({ targetEntity: 'CONTACT', contactId, targetFieldId: 'note' });
    expect(secure.stepResults['AI_CARD_FIELD#2']).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'no_contact' });
    expect(acme.stepResults.WEBHOOK_CARD_FIELD).toEqual({
      targetEntity: 'COMPANY',
      companyId: ids.acme,
      targetFieldId: 'tier',
      value: 'gold',
      source: 'webhook',
    });
    expect(secure.stepResults.WEBHOOK_CARD_FIELD).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'webhook_http_error', httpStatus: 500 });
    expect(received.find((b) => b.company.name === 'Acme')).toMatchObject({ event: 'scoring.card_field', taskId: id, field: { slug: 'tier' } });
    // the secure site's crawl failed on its certificate: no content, so the content steps make it UNAVAILABLE
    expect(secure).toMatchObject({ outcome: 'UNAVAILABLE', reasonCode: 'no_site_content' });
    expect(acme).toMatchObject({ outcome: 'ACTIVE', reasonCode: 'steps_completed' });

    const acmeAfter = (await api.get(`/api/companies/${ids.acme}`)).body;
    const { summary, tier, ogrn, registry_status, ...restCf } = acmeAfter.customFields;
    expect(restCf).toEqual(before.acme.customFields);
    expect({ summary: typeof summary, tier, ogrn, registry_status }).toEqual({
      summary: 'string',
      tier: 'gold',
      ogrn: '1027700132195',
      registry_status: 'ACTIVE',
    });
    expect({ ...acmeAfter, customFields: null, updatedAt: null }).toEqual({ ...before.acme, inn: '7707083893', customFields: null, updatedAt: null });
    // secure: the registry and the webhook failed, so nothing of theirs was written (all-or-nothing)
    const secureAfter = (await api.get(`/api/companies/${ids.secure}`)).body;
    const { summary: s2, ...secureRest } = secureAfter.customFields;
    expect(typeof s2).toBe('string');
    expect(secureRest).toEqual(before.secure.customFields);
    expect({ ...secureAfter, customFields: null, updatedAt: null }).toEqual({ ...before.secure, customFields: null, updatedAt: null });
    const contactAfter = (await api.get(`/api/contacts/${contactId}`)).body;
    expect(typeof contactAfter.customFields.note).toBe('string');
    expect({ ...contactAfter, customFields: null, updatedAt: null }).toEqual({ ...contactBefore, customFields: null, updatedAt: null });

    const ev = (await api.get(`/api/tasks/${id}/scoring-step-events?companyId=${ids.secure}`)).body.data;
    expect(ev.find((e: any) => e.step === 'NALOG_LOOKUP')).toMatchObject({ status: 'unavailable', reasonCode: 'registry_unavailable' });
  }, 60_000);
});
