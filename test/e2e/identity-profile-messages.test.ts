import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';
import { quotaPeriod } from '../../shared/workspace/identity/quota.js';
import { AccountQuota, ApiKey } from '../../shared/workspace/identity/entities.js';
import { sha256 } from '../../shared/workspace/identity/api-keys.js';
import { LOCAL_KEY_CACHE_MS as KEY_CACHE_MS } from '../../shared/platform/runtime/config.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let key: string;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  http = client(rt.url);
  key = (await http.post('/v1/signup', { email: 'sandbox@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
});
afterAll(() => rt?.stop());

const as = (k: string) => ({ authorization: `Bearer ${k}`, 'x-forwarded-for': freshAddress() });

describe('GET /v1/me', () => {
  it('returns exactly the profile table for a fresh sandbox key', async () => {
    const r = await http.get('/v1/me', as(key));
    expect(r.status).toBe(200);
    const now = new Date();
    const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(r.body).toMatchObject({
      flow: 'sandbox',
      email: 'sandbox@example.com',
      scope: 'sandbox',
      moderation_status: 'pending',
      quota: { monthly: 500, used: 0, remaining: 500, resets_at: resets },
    });
  });

  it.each([
    ['missing', {}],
    ['malformed scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['malformed key', { authorization: 'Bearer svc_pk_short' }],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['unknown key', { authorization: `Bearer svc_pk_${'A'.repeat(43)}` }],
  ])('answers 401 with the one body when the credential is %s', async (_name, headers) => {
    const r = await http.get('/v1/me', { 'x-forwarded-for': freshAddress(), ...headers });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });

  it('answers the same 401 for a revoked key', async () => {
    const k = (await http.post('/v1/signup', { email: 'revoked@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
    const { createHash } = await import('node:crypto');
    await rt.deps.platform.update(
      { pk: `APIKEY#${createHash('sha256').update(k).digest('hex')}`, sk: 'APIKEY' },
      { set: { revokedAt: new Date().toISOString() } },
    );
    const r = await http.get('/v1/me', as(k));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });

  it('refuses a key revoked by another process within KEY_CACHE_MS of its last verification', async () => {
    const k = (await http.post('/v1/signup', { email: 'revoked-elsewhere@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
    expect((await http.get('/v1/me', as(k))).status).toBe(200); // verified and remembered by this process
    // Another Lambda instance revokes it: the item changes, this process's memory does not.
    await rt.deps.platform.update(ApiKey.key({ keyHash: sha256(k) }), { set: { revokedAt: new Date(rt.deps.clock.now()).toISOString() } });
    await http.post('/_local/clock', { advanceMs: KEY_CACHE_MS });
    const r = await http.get('/v1/me', as(k));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });
});

describe('quota period', () => {
  it('resets at 00:00 UTC on the 1st of the next month, across year ends', () => {
    expect(quotaPeriod(Date.parse('2026-11-21T10:00:00Z'))).toEqual({ month: '2026-11', resetsAt: '2026-12-01T00:00:00.000Z' });
    expect(quotaPeriod(Date.parse('2026-12-31T23:59:59Z'))).toEqual({ month: '2026-12', resetsAt: '2027-01-01T00:00:00.000Z' });
  });
});

describe('POST /v1/messages (sandbox)', () => {
  it('queues a message for moderation and counts it against the quota', async () => {
    const r = await http.post('/v1/messages', { to: 'lead@example.org', subject: 'Hello', text: 'Hi there' }, as(key));
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'queued_for_moderation', quota: { used: 1, remaining: 499 } });
    const me = await http.get('/v1/me', as(key));
    expect(me.body.quota).toMatchObject({ used: 1, remaining: 499 });
  });

  it.each([
    [{ to: 'x@example.org', subject: 'a', text: 't', cc: 'y@example.org' }, ['property cc should not exist']],
    [{ to: 'nope', subject: 'a', text: 't' }, ['to must be an email']],
    [{ to: 'x@example.org', text: 't' }, ['subject should not be empty']],
    [{ to: 'x@example.org', subject: 'a' }, ['text or html should not be empty']],
  ])('refuses %j without counting it', async (body, message) => {
    const before = (await http.get('/v1/me', as(key))).body.quota.used;
    const r = await http.post('/v1/messages', body, as(key));
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(message);
    expect((await http.get('/v1/me', as(key))).body.quota.used).toBe(before);
  });

  it('answers 402 quota_exceeded once the 500 messages are spent, and stores nothing more', async () => {
    const k = (await http.post('/v1/signup', { email: 'spender@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
    const me = await http.get('/v1/me', as(k));
    const account = await rt.deps.platform.get<{ accountId: string }>({ pk: `EMAIL#spender@example.com`, sk: 'EMAIL' });
    const { month } = quotaPeriod(Date.now());
    await rt.deps.platform.put(AccountQuota.item({ accountId: account!.accountId, month }, { used: 499 }));
    expect(me.body.quota.remaining).toBe(500);
    const last = await http.post('/v1/messages', { to: 'a@example.org', subject: 's', html: '<p>x</p>' }, as(k));
    expect(last.status).toBe(202);
    expect(last.body.quota.remaining).toBe(0);
    const over = await http.post('/v1/messages', { to: 'a@example.org', subject: 's', text: 'x' }, as(k));
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('quota_exceeded');
    expect((await http.get('/v1/me', as(k))).body.quota).toMatchObject({ used: 500, remaining: 0 });
  });

  it('never lets concurrent sends exceed the quota', async () => {
    const k = (await http.post('/v1/signup', { email: 'racer@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
    const account = await rt.deps.platform.get<{ accountId: string }>({ pk: `EMAIL#racer@example.com`, sk: 'EMAIL' });
    await rt.deps.platform.put(AccountQuota.item({ accountId: account!.accountId, month: quotaPeriod(Date.now()).month }, { used: 495 }));
    const results = await Promise.all(Array.from({ length: 12 }, () => http.post('/v1/messages', { to: 'a@example.org', subject: 's', text: 'x' }, as(k))));
    expect(results.filter((r) => r.status === 202)).toHaveLength(5);
    expect(results.filter((r) => r.status === 402)).toHaveLength(7);
  });
});

describe('GET /v1/health', () => {
  it('needs no credentials', async () => {
    const r = await http.get('/v1/health', { 'x-forwarded-for': freshAddress() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', version: '1.0.0', checks: { database: 'ok' } });
  });
});
