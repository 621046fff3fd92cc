import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { startTenantRuntime } from '../support/accounts.js';
import { isSuppressed, suppressedAmong } from '../../shared/crm/audience/suppression.js';
import { isStopListed as stopListed } from '../../shared/crm/audience/stoplist.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let tenantId: string;

beforeAll(async () => {
  ({
    rt,
    http,
    account: { tenantId },
  } = await startTenantRuntime());
});
afterAll(() => rt?.stop());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const table = () => rt.deps.tenantTable(tenantId);

describe('suppression list', () => {
  it('adds an address (normalised), idempotently, and finds it by hash', async () => {
    const r = await http.post('/api/suppression', { email: ' Jane@Acme.Example ', source: 'unsubscribe' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: sha('jane@acme.example'),
      type: 'email',
      value: 'jane@acme.example',
      hashed: false,
      source: 'unsubscribe',
      created: true,
    });
    const again = await http.post('/api/suppression', { email: 'jane@acme.example' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, source: 'unsubscribe' });
    expect(await isSuppressed(table(), 'JANE@acme.example')).toBe(true);
    expect(await isSuppressed(table(), 'john@acme.example')).toBe(false);
  });

  it('a domain entry suppresses the domain and its subdomains', async () => {
    expect((await http.post('/api/suppression', { domain: 'https://www.Bounce.example/x', source: 'bounce' })).body).toMatchObject({
      type: 'domain',
      value: 'bounce.example',
    });
    expect(await isSuppressed(table(), 'a@bounce.example')).toBe(true);
    expect(await isSuppressed(table(), 'a@mail.bounce.example')).toBe(true);
    expect(await isSuppressed(table(), 'a@notbounce.example')).toBe(false);
    const among = await suppressedAmong(table(), ['a@bounce.example', 'ok@fine.example', 'jane@acme.example']);
    expect([...among].sort()).toEqual(['a@bounce.example', 'jane@acme.example']);
    const chk = await http.get('/api/suppression/check?email=x@sub.bounce.example');
    expect(chk.body).toMatchObject({ suppressed: true, suppression: { type: 'domain', value: 'bounce.example' }, stopListed: false });
  });

  it('validates input', async () => {
    expect((await http.post('/api/suppression', {})).status).toBe(400);
    expect((await http.post('/api/suppression', { email: 'a@b.example', domain: 'b.example' })).status).toBe(400);
    expect((await http.post('/api/suppression', { email: 'nope' })).status).toBe(400);
    expect((await http.post('/api/suppression', { domain: 'not a domain' })).status).toBe(400);
    expect((await http.post('/api/suppression', { email: 'a@b.example', source: 'erasure' })).status).toBe(400);
    expect((await http.post('/api/suppression', { email: 'a@b.example', why: 'x' })).body.message).toEqual(['property why should not exist']);
    expect((await http.get('/api/suppression?cursor=abc')).status).toBe(400);
    expect((await http.get('/api/suppression/check?email=bad')).status).toBe(400);
  });

  it('lists newest first, filters by source, pages with a cursor, removes by id or value', async () => {
    for (const e of ['p1@list.example', 'p2@list.example', 'p3@list.example']) await http.post('/api/suppression', { email: e, source: 'complaint' });
    const page1 = await http.get('/api/suppression?source=complaint&pageSize=2');
    expect(page1.body.data.map((d: any) => d.value)).toEqual(['p3@list.example', 'p2@list.example']);
    const page2 = await http.get(`/api/suppression?source=complaint&pageSize=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
    expect(page2.body.data.map((d: any) => d.value)).toEqual(['p1@list.example']);
    expect((await http.delete(`/api/suppression/${sha('p1@list.example')}`)).status).toBe(200);
    expect((await http.delete('/api/suppression/p2@list.example')).status).toBe(200);
    expect((await http.delete('/api/suppression/p2@list.example')).status).toBe(404);
    expect(await isSuppressed(table(), 'p2@list.example')).toBe(false);
  });
});

describe('stop-list', () => {
  it('domains (with subdomains) and companies of this workspace', async () => {
    const d = await http.post('/api/stop-list', { domain: 'Competitor.example', note: 'competitor' });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({ id: 'domain:competitor.example', type: 'domain', domain: 'competitor.example', note: 'competitor' });
    expect((await http.post('/api/stop-list', { domain: 'competitor.example' })).status).toBe(200);
    const company = (await http.post('/api/companies', { name: 'Acme', domain: 'acme.example' })).body;
    const c = await http.post('/api/stop-list', { companyId: company.id });
    expect(c.body).toMatchObject({ id: `company:${company.id}`, type: 'company', companyName: 'Acme' });
    expect(await stopListed(table(), { domain: 'eu.competitor.example' })).toBe(true);
    expect(await stopListed(table(), { companyId: company.id })).toBe(true);
    expect(await stopListed(table(), { domain: 'acme.example', companyId: 'other' })).toBe(false);
    expect((await http.get('/api/suppression/check?email=a@competitor.example')).body.stopListed).toBe(true);
    const list = await http.get('/api/stop-list');
    expect(list.body.data.map((e: any) => e.id)).toEqual([`company:${company.id}`, 'domain:competitor.example']);
    expect((await http.get('/api/stop-list?type=domain')).body.data).toHaveLength(1);
    expect((await http.delete('/api/stop-list/competitor.example')).status).toBe(200);
    expect((await http.delete(`/api/stop-list/${encodeURIComponent(`company:${company.id}`)}`)).status).toBe(200);
    expect((await http.delete('/api/stop-list/domain:competitor.example')).status).toBe(404);
    expect(await stopListed(table(), { domain: 'competitor.example' })).toBe(false);
  });

  it('404 for an unknown company; 400 for bad input', async () => {
    expect((await http.post('/api/stop-list', { companyId: 'nope' })).status).toBe(404);
    expect((await http.post('/api/stop-list', {})).status).toBe(400);
    expect((await http.post('/api/stop-list', { domain: 'x' })).status).toBe(400);
    expect((await http.post('/api/stop-list', { domain: 'a.example', companyId: 'x' })).status).toBe(400);
  });
});

describe('DSAR', () => {
  const person = 'Erin.Doe@Target.example';
  let contactA: any;
  let contactB: any;
  let leadId: string;

  it('source: answers with the recorded source of every contact holding the address', async () => {
    contactA = (
      await http.post('/api/contacts', {
        firstName: 'Erin',
        email: person,
        source: { kind: 'crawl', sourceUrl: 'https://target.example/team', collectedAt: '2026-10-01T10:00:00.000Z' },
      })
    ).body;
    contactB = (await http.post('/api/contacts', { firstName: 'E.', email: 'erin.doe@target.example', source: { kind: 'import', importId: 'imp1' } })).body;
    expect(contactA.id && contactB.id).toBeTruthy();
    const r = await http.post('/api/dsar', { type: 'source', email: person });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: 'source', status: 'completed', emailHash: sha('erin.doe@target.example'), emailMasked: 'e***@target.example' });
    expect(r.body.completedAt).toBeTruthy();
    expect(r.body.result.found).toBe(2);
    expect(r.body.result.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ contactId: contactA.id, kind: 'crawl', sourceUrl: 'https://target.example/team', collectedAt: '2026-10-01T10:00:00.000Z' }),
        expect.objectContaining({ contactId: contactB.id, kind: 'import', importId: 'imp1' }),
      ]),
    );
    expect(JSON.stringify(r.body)).not.toContain('erin.doe@');
  });

  it('erasure: suppresses at once keeping only the hash, deletes contacts, channels, leads and list memberships', async () => {
    await http.post('/api/suppression', { email: person, source: 'unsubscribe', note: 'clear text before erasure' });
    leadId = (await http.post('/api/leads', { contactId: contactA.id })).body.id;
    const list = (await http.post('/api/contact-lists', { name: 'Targets' })).body;
    await http.post(`/api/contact-lists/${list.id}/contacts`, { contactIds: [contactA.id, contactB.id] });
    const r = await http.post('/api/dsar', { type: 'erasure', email: person });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: 'erasure',
      status: 'completed',
      emailMasked: null,
      result: { suppressed: true, suppressionId: sha('erin.doe@target.example') },
    });
    expect(r.body.result.erased).toEqual({ contacts: 2, channels: 2, leads: 1, listMemberships: 2 });
    expect(await isSuppressed(table(), person)).toBe(true);
    const entry = (await http.get('/api/suppression?source=erasure')).body.data[0];
    expect(entry).toMatchObject({ id: sha('erin.doe@target.example'), value: null, hashed: true, source: 'erasure' });
    expect((await http.get(`/api/contacts/${contactA.id}`)).status).toBe(404);
    expect((await http.get(`/api/contacts/${contactB.id}`)).status).toBe(404);
    expect((await http.get(`/api/leads/${leadId}/dossier`)).status).toBe(404);
    const members = await http.get(`/api/contact-lists/${list.id}/contacts`);
    expect(members.status).toBe(200);
    expect(members.body.data).toEqual([]);
    expect((await table().query({ pk: `CTLIST#${list.id}`, skBeginsWith: 'MEMBER#' })).items).toEqual([]);
    // Nothing in the workspace table still carries the address in clear.
    const raw = JSON.stringify((await rt.deps.tenantTable(tenantId).query({ index: 'gsi1', pk: 'SUPPRESSIONS', limit: 500 })).items);
    expect(raw).not.toContain('erin.doe@target.example');
    const dsars = JSON.stringify((await http.get('/api/dsar')).body);
    expect(dsars).not.toContain('erin.doe@target.example');
    expect((await http.delete(`/api/suppression/${sha('erin.doe@target.example')}`)).status).toBe(409);
    expect((await http.post('/api/dsar', { type: 'source', email: person })).body.result).toMatchObject({
      found: 0,
      suppressed: true,
      suppressionSource: 'erasure',
    });
  });

  it('records every request; validates input', async () => {
    const list = await http.get('/api/dsar');
    expect(list.body.data.map((d: any) => d.type)).toEqual(['source', 'erasure', 'source']);
    const one = await http.get(`/api/dsar/${list.body.data[1].id}`);
    expect(one.body).toMatchObject({ type: 'erasure', status: 'completed' });
    // A source request reads back with its sources (its result is not the erasure's shape).
    const source = await http.get(`/api/dsar/${list.body.data[2].id}`);
    expect(source.status).toBe(200);
    expect(source.body).toMatchObject({ type: 'source', status: 'completed', result: { found: 2, suppressed: false } });
    expect(source.body.result.sources).toHaveLength(2);
    expect((await http.get('/api/dsar/nope')).status).toBe(404);
    expect((await http.post('/api/dsar', { type: 'forget', email: person })).status).toBe(400);
    expect((await http.post('/api/dsar', { type: 'erasure', email: 'nope' })).status).toBe(400);
    expect((await http.post('/api/dsar', { type: 'erasure' })).status).toBe(400);
  });
});
