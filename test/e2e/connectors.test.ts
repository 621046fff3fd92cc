import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { startDadataStandIn } from '../support/dadata-stand-in.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let anon: ReturnType<typeof client>;
let dadata: Awaited<ReturnType<typeof startDadataStandIn>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const DADATA_KEY = 'test-dadata-key-123';
const INVALID = { statusCode: 401, message: 'Invalid credentials' };

beforeAll(async () => {
  rt = await startTestRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } });
  const account = await createApprovedAccount(rt.deps);
  api = client(rt.url, { key: account.apiKey, headers: { 'x-tenant-id': account.tenantId } });
  anon = client(rt.url);
  dadata = await startDadataStandIn(DADATA_KEY);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await dadata?.stop();
  await receiver?.stop();
  await rt?.stop();
});

const form = (token: string, fields: Record<string, string>) =>
  anon.post(`/api/connectors/tilda/webhook?token=${encodeURIComponent(token)}`, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });

describe('Tilda connector', () => {
  it('issues a token once, accepts the connection check, maps a submission to a Contact plus a Lead (and emits lead.created)', async () => {
    await api.post('/api/webhooks', { url: `${receiver.url}/leads`, events: ['lead.created'], secret: 'connector-test-secret-0123456789' });
    const issued = await api.post('/api/connectors/tokens', { connector: 'tilda', name: 'Landing page' });
    expect(issued.status).toBe(201);
    expect(issued.body.token).toMatch(/^svc_ct_[A-Za-z0-9_-]{43}$/);
    expect(issued.body.webhookUrl).toBe(`${rt.url}/api/connectors/tilda/webhook?token=${issued.body.token}`);
    const listed = await api.get('/api/connectors/tokens');
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: issued.body.id, connector: 'tilda', status: 'ACTIVE', tokenHint: `…${issued.body.token.slice(-4)}` });
    expect(JSON.stringify(listed.body)).not.toContain(issued.body.token);

    const test = await form(issued.body.token, { test: 'test' });
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ ok: true, test: true });

    const fields = {
      Name: 'Иван Петров',
      Email: 'Ivan.Petrov@Example.RU',
      Phone: '+7 (916) 123-45-67',
      Company: 'Рога и копыта',
      formid: 'form123456',
      formname: 'Заявка',
      tranid: '1234567:8901',
    };
    const r = await form(issued.body.token, fields);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, duplicate: false, contactReused: false });
    const contact = await api.get(`/api/contacts/${r.body.contactId}`);
    expect(contact.body).toMatchObject({
      firstName: 'Иван',
      lastName: 'Петров',
      email: 'ivan.petrov@example.ru',
      phone: '+79161234567',
      source: { kind: 'form' },
    });
    const dossier = await api.get(`/api/leads/${r.body.leadId}/dossier`);
    expect(dossier.status).toBe(200);
    expect(JSON.stringify(dossier.body)).toContain('tilda:form123456:1234567:8901');
    const hook = await waitFor(() => receiver.received.find((x) => x.json?.data?.leadId === r.body.leadId), 'lead.created delivery');
    expect(hook.json.type).toBe('lead.created');

    // Tilda retries the same submission: nothing new.
    const again = await form(issued.body.token, fields);
    expect(again.body).toEqual({ ok: true, duplicate: true, contactId: r.body.contactId, leadId: r.body.leadId });
    // A JSON submission by the same person reuses the contact, with a new lead.
    const json = await anon.post(`/api/connectors/tilda/webhook?token=${issued.body.token}`, {
      name: 'Ivan',
      email: 'ivan.petrov@example.ru',
      formid: 'form2',
      tranid: 'x-2',
    });
    expect(json.body).toMatchObject({ ok: true, contactReused: true, contactId: r.body.contactId });
    expect(json.body.leadId).not.toBe(r.body.leadId);
    const empty = await form(issued.body.token, { formid: 'f', tranid: 't9', Comments: 'hi' });
    expect(empty.status).toBe(400);
  });

  it('answers exactly 401 Invalid credentials for a missing, unknown, malformed or revoked token', async () => {
    expect((await anon.post('/api/connectors/tilda/webhook', 'test=test', { 'content-type': 'application/x-www-form-urlencoded' })).body).toEqual(INVALID);
    expect((await form('svc_ct_' + 'A'.repeat(43), { test: 'test' })).body).toEqual(INVALID);
    expect((await form('nonsense', { test: 'test' })).body).toEqual(INVALID);
    const t = await api.post('/api/connectors/tokens', { connector: 'tilda' });
    expect((await form(t.body.token, { test: 'test' })).status).toBe(200);
    const revoked = await api.delete(`/api/connectors/tokens/${t.body.id}`);
    expect(revoked.body).toMatchObject({ id: t.body.id, status: 'REVOKED' });
    const after = await form(t.body.token, { Name: 'Late', Email: 'late@example.com', tranid: 'late-1' });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(INVALID);
    expect((await api.delete(`/api/connectors/tokens/nope`)).status).toBe(404);
    expect((await api.post('/api/connectors/tokens', { connector: 'typeform' })).status).toBe(400);
  });
});

describe('registry lookup (DaData stand-in)', () => {
  it('is a clear 503 when not configured', async () => {
    rt.deps.config.registry.apiKey = undefined;
    const r = await api.get('/api/connectors/dadata/name?q=' + encodeURIComponent('сбербанк'));
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/REGISTRY_API_KEY/);
  });

  it('searches by name and maps DaData suggestions to {name, inn, ogrn, address, status}', async () => {
    rt.deps.config.registry.baseUrl = dadata.baseUrl;
    rt.deps.config.registry.apiKey = DADATA_KEY;
    const r = await api.get('/api/connectors/dadata/name?q=' + encodeURIComponent('сбербанк') + '&count=5');
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toEqual({
      name: 'ПАО СБЕРБАНК',
      inn: '7707083893',
      ogrn: '1027700132195',
      address: 'г Москва, ул Вавилова, д 19',
      status: 'ACTIVE',
    });
    expect(r.body.data[1]).toMatchObject({ inn: '7736663049', status: 'LIQUIDATED' });
    expect(r.body.data[2]).toMatchObject({ inn: '502700112233', address: null });
    expect(dadata.requests.at(-1)).toMatchObject({ authorization: `Token ${DADATA_KEY}`, body: { query: 'сбербанк', count: 5 } });
    expect((await api.get('/api/connectors/dadata/name?q=zzzz-nothing')).body).toEqual({ data: [] });
    expect((await api.get('/api/connectors/dadata/name?q=a')).status).toBe(400);
    expect((await api.get('/api/connectors/dadata/name')).status).toBe(400);
    expect((await anon.get('/api/connectors/dadata/name?q=sber')).body).toEqual(INVALID);
  });

  it('reports a rejected key or an unreachable registry as 503', async () => {
    rt.deps.config.registry.apiKey = 'wrong-key';
    const bad = await api.get('/api/connectors/dadata/name?q=sber');
    expect(bad.status).toBe(503);
    expect(bad.body.message).toMatch(/rejected/);
    rt.deps.config.registry.apiKey = DADATA_KEY;
    rt.deps.config.registry.baseUrl = 'http://127.0.0.1:1/suggestions/api/4_1/rs';
    expect((await api.get('/api/connectors/dadata/name?q=sber')).status).toBe(503);
  });
});
