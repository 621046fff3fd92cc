// @vitest-environment happy-dom
// The web app's API client (web/src/api/client.ts) against a real HTTP server on 127.0.0.1: what it sends
// (cookie-only credentials, X-Tenant-Id, one Idempotency-Key per call) and how it treats each status.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, documentUrl, MAX_AUTO_WAIT_SECONDS, retryAfterSeconds, setApiTenant, timing } from '../../web/src/api/client';
import { ApiError, NetworkError } from '../../web/src/api/errors';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

const seen: Seen[] = [];
let replies: Reply[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const r = replies.shift() ?? { status: 500, body: { statusCode: 500, message: 'no reply scripted' } };
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
      res.end(r.body === undefined ? undefined : JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page is served by the same origin as the API, as /app is.
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${base}/app/`);
});
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));
afterEach(() => {
  seen.length = 0;
  replies = [];
  setApiTenant(undefined);
});

describe('what the client sends', () => {
  it('the workspace as X-Tenant-Id, JSON bodies, the query string; no Authorization header', async () => {
    setApiTenant('t-123');
    replies = [
      { status: 200, body: { data: [], nextCursor: null } },
      { status: 201, body: { id: 'c1' } },
    ];
    expect(await api.get('/api/companies', { query: { pageSize: 5, cursor: undefined, q: 'a b' } })).toEqual({ data: [], nextCursor: null });
    expect(await api.post('/api/companies', { name: 'Acme' })).toEqual({ id: 'c1' });
    expect(seen[0].url).toBe('/api/companies?pageSize=5&q=a+b');
    expect(seen[0].headers['x-tenant-id']).toBe('t-123');
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[1].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1].body)).toEqual({ name: 'Acme' });
    expect(seen[1].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves X-Tenant-Id out of the caller-level calls', async () => {
    setApiTenant('t-123');
    replies = [{ status: 200, body: { email: 'a@b.test' } }];
    await api.get('/v1/me', { noTenant: true });
    expect(seen[0].headers['x-tenant-id']).toBeUndefined();
  });

  it("puts the workspace in a framed document's address, which cannot carry X-Tenant-Id", () => {
    setApiTenant('t-123');
    expect(documentUrl('/api/creatives/c1/preview-document', { contactId: 'k 1', companyId: undefined, images: 'on' })).toBe(
      '/api/creatives/c1/preview-document?contactId=k+1&images=on&workspace=t-123',
    );
    setApiTenant(undefined);
    expect(documentUrl('/api/dialogs/d1/message-document', { messageId: '<a@b.test>' })).toBe('/api/dialogs/d1/message-document?messageId=%3Ca%40b.test%3E');
  });
});

describe('how it treats each answer', () => {
  it('204 is undefined; a 400 is an ApiError with the message array', async () => {
    replies = [{ status: 204 }, { status: 400, body: { statusCode: 400, message: ['name should not be empty', 'property x should not exist'] } }];
    expect(await api.delete('/api/companies/c1')).toBeUndefined();
    const e = (await api.post('/api/companies', {}).catch((x) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.messages).toEqual(['name should not be empty', 'property x should not exist']);
  });

  it('keeps the body of 401, 402, 403, 404 and 409 for the pages to read', async () => {
    const bodies: Reply[] = [
      { status: 401, body: { statusCode: 401, message: 'Invalid credentials' } },
      { status: 402, body: { statusCode: 402, error: 'insufficient_balance', message: 'Top up', topUpUrl: 'http://x/console/billing?tenant=t' } },
      { status: 403, body: { statusCode: 403, message: 'Forbidden', error: 'Forbidden' } },
      { status: 404, body: { statusCode: 404, message: 'Company not found', error: 'Not Found' } },
      { status: 409, body: { statusCode: 409, message: 'Task is ACTIVE', error: 'Conflict', code: 'task_not_approvable' } },
    ];
    replies = [...bodies];
    for (const b of bodies) {
      const e = (await api.get('/api/x').catch((x) => x)) as ApiError;
      expect(e.status).toBe(b.status);
      expect(e.body).toEqual(b.body);
    }
    expect(seen).toHaveLength(5);
  });

  it('waits out a short Retry-After and retries with the same Idempotency-Key', async () => {
    const waits: number[] = [];
    const realSleep = timing.sleep;
    timing.sleep = async (ms) => void waits.push(ms);
    try {
      replies = [
        { status: 429, body: { statusCode: 429, message: 'Too Many Requests' }, headers: { 'retry-after': '2' } },
        { status: 201, body: { id: 'p1' } },
      ];
      expect(await api.post('/api/pipelines', { name: 'P' })).toEqual({ id: 'p1' });
    } finally {
      timing.sleep = realSleep;
    }
    expect(waits).toEqual([2000]);
    expect(seen).toHaveLength(2);
    expect(seen[1].headers['idempotency-key']).toBe(seen[0].headers['idempotency-key']);
  });

  it(`gives up on a Retry-After over ${MAX_AUTO_WAIT_SECONDS} s and reports it, and stops after two waits`, async () => {
    replies = [{ status: 429, body: { statusCode: 429, message: 'Too Many Requests' }, headers: { 'retry-after': '60' } }];
    const e = (await api.get('/api/x').catch((x) => x)) as ApiError;
    expect([e.status, e.retryAfterSeconds, seen.length]).toEqual([429, 60, 1]);

    const realSleep = timing.sleep;
    timing.sleep = async () => undefined;
    try {
      replies = [1, 2, 3].map(() => ({ status: 429, body: {}, headers: { 'retry-after': '1' } }));
      const again = (await api.get('/api/x').catch((x) => x)) as ApiError;
      expect(again.status).toBe(429);
      expect(seen.length).toBe(1 + 3);
    } finally {
      timing.sleep = realSleep;
    }
  });

  it('a request that gets no answer is a NetworkError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await api.get(`http://127.0.0.1:${port}/api/x`).catch((x) => x);
    expect(e).toBeInstanceOf(NetworkError);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds(inTen)).toBeGreaterThanOrEqual(9);
    expect(retryAfterSeconds(inTen)).toBeLessThanOrEqual(11);
  });
});
