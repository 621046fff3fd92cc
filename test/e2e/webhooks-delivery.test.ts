import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let account: Awaited<ReturnType<typeof createApprovedAccount>>;
const SECRET = 'whk-test-secret-0123456789abcdefXYZ';

beforeAll(async () => {
  rt = await startTestRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } });
  account = await createApprovedAccount(rt.deps);
  api = client(rt.url, { key: account.apiKey, headers: { 'x-tenant-id': account.tenantId } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.stop();
  await rt?.stop();
});

describe('webhook subscriptions', () => {
  it('validates url, events, secret and unknown properties', async () => {
    const ok = { url: `${receiver.url}/x`, events: ['lead.moved'], secret: SECRET };
    expect((await api.post('/api/webhooks', { ...ok, url: 'http://example.com/hook' })).body.message).toEqual(['url must be an HTTPS URL']);
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/x',
      'https://100.64.0.1/',
      'https://0xa000001/',
      'ftp://example.com/',
    ]) {
      expect((await api.post('/api/webhooks', { ...ok, url })).status, url).toBe(400);
    }
    expect((await api.post('/api/webhooks', { ...ok, events: ['lead.exploded'] })).status).toBe(400);
    expect((await api.post('/api/webhooks', { ...ok, events: [] })).status).toBe(400);
    const short = await api.post('/api/webhooks', { ...ok, secret: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['secret must be longer than or equal to 24 characters']);
    expect((await api.post('/api/webhooks', { ...ok, secret: 'x'.repeat(257) })).status).toBe(400);
    const extra = await api.post('/api/webhooks', { ...ok, colour: 'red' });
    expect(extra.body).toEqual({ statusCode: 400, message: ['property colour should not exist'], error: 'Bad Request' });
  });

  it('creates, lists, gets, updates and deletes; the secret never comes back', async () => {
    const created = await api.post('/api/webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['lead.created', 'lead.created'],
      secret: SECRET,
      description: 'CRM sync',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://hooks.example.com/in',
      events: ['lead.created'],
      active: true,
      secretHint: '…fXYZ',
      description: 'CRM sync',
    });
    expect(created.body.standardWebhooksSecret).toBe(`whsec_${Buffer.from(SECRET).toString('base64')}`);
    expect(created.body.secret).toBeUndefined();
    const id = created.body.id;
    const got = await api.get(`/api/webhooks/${id}`);
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(SECRET);
    expect(got.body.standardWebhooksSecret).toBeUndefined();
    const list = await api.get('/api/webhooks?pageSize=1');
    expect(list.body.data.length).toBe(1);
    expect(list.body.data[0]).not.toHaveProperty('secretEnc');
    const upd = await api.patch(`/api/webhooks/${id}`, { events: ['lead.won', 'lead.lost'], active: false, secret: 'rotated-secret-abcdefghijklmnop' });
    expect(upd.body).toMatchObject({ events: ['lead.won', 'lead.lost'], active: false, secretHint: '…mnop' });
    expect((await api.patch(`/api/webhooks/${id}`, { url: 'http://hooks.example.com/' })).status).toBe(400);
    expect((await api.delete(`/api/webhooks/${id}`)).status).toBe(200);
    expect((await api.get(`/api/webhooks/${id}`)).status).toBe(404);
    expect((await api.delete(`/api/webhooks/${id}`)).status).toBe(404);
  });

  it('needs webhooks:write to create and webhooks:read to list; other tenants see nothing', async () => {
    const readOnly = client(rt.url, { key: await addKey(rt.deps, account.accountId, ['webhooks:read']), headers: { 'x-tenant-id': account.tenantId } });
    expect((await readOnly.post('/api/webhooks', { url: 'https://a.example.com/', events: ['lead.won'], secret: SECRET })).status).toBe(403);
    expect((await readOnly.get('/api/webhooks')).status).toBe(200);
    const own = await api.post('/api/webhooks', { url: 'https://b.example.com/', events: ['lead.won'], secret: SECRET });
    const other = await createApprovedAccount(rt.deps);
    const stranger = client(rt.url, { key: other.apiKey, headers: { 'x-tenant-id': other.tenantId } });
    expect((await stranger.get(`/api/webhooks/${own.body.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/webhooks/${own.body.id}/deliveries`)).status).toBe(404);
    expect((await client(rt.url).get('/api/webhooks')).body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    await api.delete(`/api/webhooks/${own.body.id}`);
  });
});

describe('signed delivery of a lead move', () => {
  it('delivers lead.moved to a loopback receiver, verifiable with HMAC and with standardwebhooks', async () => {
    const sub = await api.post('/api/webhooks', { url: `${receiver.url}/hooks/crm`, events: ['lead.moved'], secret: SECRET });
    expect(sub.status).toBe(201);
    const contact = await api.post('/api/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.example' });
    expect(contact.status).toBe(201);
    const lead = await api.post('/api/leads', { contactId: contact.body.id });
    expect(lead.status).toBe(201);
    const pipeline = await api.get(`/api/pipelines/${lead.body.pipelineId}`);
    const target = pipeline.body.stages.find((s: { id: string; kind: string }) => s.kind === 'open' && s.id !== lead.body.stageId);
    const moved = await api.post(`/api/leads/${lead.body.id}/move`, { stageId: target.id });
    expect(moved.status).toBe(200);

    const hook = await waitFor(() => receiver.received.find((r) => r.json?.type === 'lead.moved'), 'the lead.moved delivery');
    expect(hook.path).toBe('/hooks/crm');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.json).toMatchObject({
      type: 'lead.moved',
      tenantId: account.tenantId,
      data: { leadId: lead.body.id, toStageId: target.id, fromStageId: lead.body.stageId },
    });
    expect(hook.json.id).toMatch(/^[0-9a-z]{25}$/);
    expect(new Date(hook.json.occurredAt).toISOString()).toBe(hook.json.occurredAt);
    // Our own check of X-SERVICE-Signature over the raw bytes.
    const expected = 'sha256=' + createHmac('sha256', SECRET).update(hook.raw).digest('hex');
    const header = String(hook.headers['x-service-signature']);
    expect(header.length).toBe(expected.length);
    expect(timingSafeEqual(Buffer.from(header), Buffer.from(expected))).toBe(true);
    // Standard Webhooks, with the documented whsec_ mapping and with the raw format.
    const payload = new Webhook(sub.body.standardWebhooksSecret).verify(hook.raw.toString('utf8'), hook.headers as Record<string, string>);
    expect(payload).toEqual(hook.json);
    expect(new Webhook(SECRET, { format: 'raw' }).verify(hook.raw.toString('utf8'), hook.headers as Record<string, string>)).toEqual(hook.json);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another-secret-123456789012').toString('base64')}`).verify(
        hook.raw.toString('utf8'),
        hook.headers as Record<string, string>,
      ),
    ).toThrow();

    const deliveries = await waitFor(async () => {
      const r = await api.get(`/api/webhooks/${sub.body.id}/deliveries?status=DELIVERED`);
      return r.body.data.length ? r.body : undefined;
    }, 'DELIVERED status');
    expect(deliveries.data[0]).toMatchObject({
      id: hook.headers['webhook-id'],
      webhookId: sub.body.id,
      eventId: hook.json.id,
      eventType: 'lead.moved',
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
    });
    // Only the subscribed kind arrived (lead.created was not subscribed).
    expect(receiver.received.filter((r) => r.json?.type === 'lead.created')).toHaveLength(0);
    expect((await api.post(`/api/webhooks/deliveries/${deliveries.data[0].id}/retry`)).status).toBe(409);
    expect((await api.post('/api/webhooks/deliveries/nope/retry')).status).toBe(404);
  });
});
