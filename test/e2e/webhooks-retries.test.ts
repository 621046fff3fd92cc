import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver.js';
import { RETRY_DELAYS_SECONDS } from '../../shared/workspace/webhooks/signing.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const SECRET = 'retry-test-secret-abcdefghijklmnop';

beforeAll(async () => {
  rt = await startTestRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } });
  const account = await createApprovedAccount(rt.deps);
  api = client(rt.url, { key: account.apiKey, headers: { 'x-tenant-id': account.tenantId } });
  receiver = await startWebhookReceiver({ status: 500 });
});
afterAll(async () => {
  await receiver?.stop();
  await rt?.stop();
});

const advance = (ms: number) => client(rt.url).post('/_local/clock', { advanceMs: ms });

describe('retries on schedule, FAILED, manual retry', () => {
  it('retries a 500ing receiver after 10 s, 1 min, 5 min, 30 min, 2 h, ends FAILED, and a manual retry delivers it', async () => {
    const sub = await api.post('/api/webhooks', { url: `${receiver.url}/flaky`, events: ['lead.created'], secret: SECRET });
    expect(sub.status).toBe(201);
    const contact = await api.post('/api/contacts', { firstName: 'Grace', email: 'grace@cobol.example' });
    const lead = await api.post('/api/leads', { contactId: contact.body.id });
    expect(lead.status).toBe(201);

    await waitFor(() => receiver.received.length === 1, 'attempt 1');
    const deliveries = async (status?: string) => (await api.get(`/api/webhooks/${sub.body.id}/deliveries${status ? `?status=${status}` : ''}`)).body.data;
    const first = await waitFor(async () => (await deliveries('RETRYING'))[0], 'RETRYING after attempt 1');
    expect(first).toMatchObject({ attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500', maxAttempts: 6 });
    const webhookId = receiver.received[0].headers['webhook-id'];

    for (const [i, seconds] of RETRY_DELAYS_SECONDS.entries()) {
      // The outcome of the previous attempt is recorded (and the next one scheduled) before time moves.
      await waitFor(
        async () => {
          const [d] = await deliveries();
          return d?.attempts === i + 1 && d.status === 'RETRYING' && d.nextAttemptAt > d.lastAttemptAt;
        },
        `attempt ${i + 1} recorded`,
      );
      // Just short of the delay nothing happens; past delay + max jitter (10 %) the next attempt fires.
      await advance(seconds * 1000 * 0.9);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received.length, `no early attempt ${i + 2}`).toBe(i + 1);
      await advance(seconds * 1000 * 0.21 + 1000);
      await waitFor(() => receiver.received.length === i + 2, `attempt ${i + 2}`);
    }
    const failed = await waitFor(async () => (await deliveries('FAILED'))[0], 'FAILED');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 6, nextAttemptAt: null, lastStatusCode: 500 });
    expect(await deliveries('RETRYING')).toHaveLength(0);
    // The same webhook-id and the same body on every attempt; each one signed.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([webhookId]));
    expect(new Set(receiver.received.map((r) => r.raw.toString()))).toHaveProperty('size', 1);
    for (const r of receiver.received) expect(r.headers['x-service-signature']).toBe('sha256=' + createHmac('sha256', SECRET).update(r.raw).digest('hex'));
    // Nothing more, however far the clock moves.
    await advance(24 * 3600_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(6);

    receiver.state.status = 204;
    const retried = await api.post(`/api/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: failed.id, status: 'RETRYING', maxAttempts: 7 });
    await waitFor(() => receiver.received.length === 7, 'the manual retry');
    expect(receiver.received[6].headers['webhook-id']).toBe(webhookId);
    const done = await waitFor(async () => (await deliveries('DELIVERED'))[0], 'DELIVERED');
    expect(done).toMatchObject({ id: failed.id, attempts: 7, lastStatusCode: 204 });
    expect(await deliveries('FAILED')).toHaveLength(0);
    expect((await api.post(`/api/webhooks/deliveries/${failed.id}/retry`)).status).toBe(409);
  });

  it('pages the delivery list with cursors and rejects a bad status', async () => {
    receiver.state.status = 200;
    const sub = await api.post('/api/webhooks', { url: `${receiver.url}/paged`, events: ['lead.created'], secret: SECRET });
    const contact = await api.post('/api/contacts', { firstName: 'Page', email: 'page@example.com' });
    for (let i = 0; i < 3; i++) expect((await api.post('/api/leads', { contactId: contact.body.id })).status).toBe(201);
    await waitFor(async () => (await api.get(`/api/webhooks/${sub.body.id}/deliveries?status=DELIVERED`)).body.data.length === 3, 'three deliveries');
    const p1 = await api.get(`/api/webhooks/${sub.body.id}/deliveries?pageSize=2`);
    expect(p1.body.data).toHaveLength(2);
    expect(p1.body.nextCursor).toBeTruthy();
    const p2 = await api.get(`/api/webhooks/${sub.body.id}/deliveries?pageSize=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`);
    expect(p2.body.data).toHaveLength(1);
    expect(new Set([...p1.body.data, ...p2.body.data].map((d: { id: string }) => d.id)).size).toBe(3);
    expect((await api.get(`/api/webhooks/${sub.body.id}/deliveries?status=LOST`)).status).toBe(400);
    expect((await api.get(`/api/webhooks/${sub.body.id}/deliveries?cursor=garbage`)).status).toBe(400);
  });
});
