import { afterEach, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';
import { operations } from '../../functions/registry.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
afterEach(async () => {
  await rt?.stop();
  rt = undefined;
});

async function runtime(env: Record<string, string> = { TRUST_PROXY: 'true' }) {
  rt = await startTestRuntime({ env });
  return client(rt.url);
}

const TOO_MANY = { statusCode: 429, message: 'Too many signups from your address. Try again in an hour.' };
let n = 0;
const email = () => `limit-${++n}-${Date.now()}@example.com`;

describe('signup limits', () => {
  it('allows 5 signups per address per hour, then the exact 429 body; invalid emails are not counted', async () => {
    const http = await runtime();
    const ip = freshAddress();
    // One request a second, under the edge burst, so only the hourly rule is in play.
    const paced = async (body: unknown) => {
      await http.post('/_local/clock', { advanceMs: 1000 });
      return http.post('/v1/signup', body, { 'x-forwarded-for': ip });
    };
    for (let i = 0; i < 6; i++) expect((await paced({ email: 'bad-email' })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await paced({ email: email() })).status).toBe(201);
    await http.post('/_local/clock', { advanceMs: 1000 });
    const sixth = await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY);
    expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': freshAddress() })).status).toBe(201);
  });

  it('slides the one-hour window with the clock', async () => {
    const http = await runtime();
    const ip = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': ip })).status).toBe(201);
      await http.post('/_local/clock', { advanceMs: 10 * 60_000 });
    }
    // 50 minutes after the first: still 5 in the window.
    expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': ip })).status).toBe(429);
    await http.post('/_local/clock', { advanceMs: 11 * 60_000 });
    // 61 minutes after the first: it left the window, one slot is free again.
    expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': ip })).status).toBe(201);
    expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('caps signups at 50 per hour across all addresses', async () => {
    const http = await runtime();
    for (let i = 0; i < 50; i++) expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(201);
    const over = await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': '192.0.2.77' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'rate_limited', message: TOO_MANY.message });
  });

  it('answers the edge burst (2/s, burst 10) with a bare 429 and no body', async () => {
    const http = await runtime();
    (rt!.deps.clock as AdjustableClock).freeze(); // no refill while sixteen requests are in flight on a slow machine
    const ip = freshAddress();
    const results = await Promise.all(Array.from({ length: 16 }, () => http.post('/v1/signup', { email: 'bad' }, { 'x-forwarded-for': ip })));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(6);
    for (const r of limited) expect(r.text).toBe('');
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(10);
  });

  it('uses the socket address, not X-Forwarded-For, unless TRUST_PROXY=true', async () => {
    const http = await runtime({});
    for (let i = 0; i < 5; i++) expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': freshAddress() })).status).toBe(201);
    expect((await http.post('/v1/signup', { email: email() }, { 'x-forwarded-for': freshAddress() })).body).toEqual(TOO_MANY);
  });
});

describe('other /v1/* zone', () => {
  it('allows a burst of 20 per address, then 429 rate_limited, and refills at 2/s', async () => {
    const http = await runtime();
    const clock = rt!.deps.clock as AdjustableClock;
    clock.freeze();
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 23; i++) statuses.push((await http.get('/v1/health', { 'x-forwarded-for': ip })).status);
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429, 429]);
    const limited = await http.get('/v1/health', { 'x-forwarded-for': ip });
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await http.get('/v1/health', { 'x-forwarded-for': freshAddress() })).status).toBe(200);
    clock.advance(1000);
    expect((await http.get('/v1/health', { 'x-forwarded-for': ip })).status).toBe(200);
    expect((await http.get('/v1/health', { 'x-forwarded-for': ip })).status).toBe(200);
    expect((await http.get('/v1/health', { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('holds under concurrency: 30 parallel requests never pass more than the burst', async () => {
    const http = await runtime();
    (rt!.deps.clock as AdjustableClock).freeze();
    const ip = freshAddress();
    const results = await Promise.all(Array.from({ length: 30 }, () => http.get('/v1/health', { 'x-forwarded-for': ip })));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(20);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('lets repeated 401s on /api/* draw from the same zone', async () => {
    const http = await runtime();
    const apiOp = operations.find((op) => op.path.startsWith('/api/') && op.access === 'tenant' && op.method === 'GET' && !op.path.includes('{'));
    expect(apiOp, 'an /api/* GET operation exists').toBeTruthy();
    (rt!.deps.clock as AdjustableClock).freeze();
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push((await http.get(apiOp!.path, { 'x-forwarded-for': ip, authorization: `Bearer svc_pk_${'B'.repeat(43)}` })).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429, 429, 429]);
    // The address's /v1 zone is spent too.
    expect((await http.get('/v1/health', { 'x-forwarded-for': ip })).status).toBe(429);
  });
});

describe('body caps (413 before any handler)', () => {
  it('refuses a signup body over 64 KB and creates nothing', async () => {
    const http = await runtime();
    const big = JSON.stringify({ email: 'big@example.com', org: 'x'.repeat(64 * 1024) });
    const r = await http.call('POST', '/v1/signup', big, { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() });
    expect(r.status).toBe(413);
    expect(await rt!.deps.platform.get({ pk: 'EMAIL#big@example.com', sk: 'EMAIL' })).toBeUndefined();
  });

  it('accepts up to 1 MB on other /v1/* routes and refuses more', async () => {
    const http = await runtime();
    const key = (await http.post('/v1/signup', { email: 'cap@example.com' }, { 'x-forwarded-for': freshAddress() })).body.api_key;
    const auth = (ip = freshAddress()) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-forwarded-for': ip });
    const under = JSON.stringify({ to: 'a@example.org', subject: 's', html: 'x'.repeat(400_000) });
    expect((await http.call('POST', '/v1/messages', under, auth())).status).toBe(202);
    const over = JSON.stringify({ to: 'a@example.org', subject: 's', html: 'x'.repeat(1024 * 1024) });
    const r = await http.call('POST', '/v1/messages', over, auth());
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ statusCode: 413 });
    expect((await http.get('/v1/me', auth())).body.quota.used).toBe(1);
  });
});
