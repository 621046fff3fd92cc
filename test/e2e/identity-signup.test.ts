import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  http = client(rt.url);
});
afterAll(() => rt?.stop());

const signup = (body: unknown, ip = freshAddress()) => http.post('/v1/signup', body, { 'x-forwarded-for': ip });

describe('POST /v1/signup', () => {
  it('issues a sandbox key (201, svc_pk_)', async () => {
    const r = await signup({ email: 'first@example.com', org: 'Acme', channel: 'mcp' });
    expect(r.status).toBe(201);
    expect(r.body.api_key).toMatch(/^svc_pk_[0-9A-Za-z]{43}$/);
    expect(r.body.scope).toBe('sandbox');
  });

  it('refuses an unknown property with the exact spec body', async () => {
    const r = await signup({ email: 'x@example.com', nickname: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
    expect(r.body.message).toEqual(['property nickname should not exist']);
  });
});
