import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, freshAddress, startTestRuntime, TEST_ADMIN_TOKEN } from '../support/runtime.js';

/**
 * Guards every operation of the registry gets from the pipeline, checked for all of them at once, so an
 * operation added later is covered without writing a test for it.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
let stranger: Awaited<ReturnType<typeof createApprovedAccount>>;
let sandboxKey: string;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  owner = await createApprovedAccount(rt.deps);
  stranger = await createApprovedAccount(rt.deps);
  sandboxKey = (await client(rt.url).post('/v1/signup', { email: `sandbox-guard-${Date.now()}@example.com` }, { 'x-forwarded-for': freshAddress() })).body
    .api_key;
});
afterAll(() => rt?.stop());

const samplePath = (op: AnyOperation) => op.path.replace(/\{([A-Za-z0-9_]+)\}/g, '0mwqzzzzzzzzzzzzzzzzzzzzz');
const call = (op: AnyOperation, headers: Record<string, string>) =>
  client(rt.url).call(op.method, samplePath(op), op.method === 'GET' || op.method === 'DELETE' ? undefined : {}, {
    'x-forwarded-for': freshAddress(),
    ...headers,
  });

const protectedOps = operations.filter((op) => op.access !== 'public');
const tenantOps = operations.filter((op) => op.access === 'tenant');

// Each case walks every operation (about 175 now): a bound of minutes, not the default minute (no timing asserted).
describe('every operation of the registry', { timeout: 400_000 }, () => {
  it('answers the one 401 body to a missing or unknown credential', async () => {
    for (const op of protectedOps) {
      for (const headers of [{}, { authorization: `Bearer svc_pk_${'Z'.repeat(43)}` }] as Record<string, string>[]) {
        const r = await call(op, headers);
        expect(r.status, `${op.operationId} ${JSON.stringify(headers)}`).toBe(401);
        expect(r.body, op.operationId).toEqual({ statusCode: 401, message: 'Invalid credentials' });
      }
    }
  });

  it('refuses a sandbox key on every /api/* tenant operation', async () => {
    for (const op of tenantOps) {
      const r = await call(op, { authorization: `Bearer ${sandboxKey}` });
      expect(r.status, op.operationId).toBe(403);
      expect(r.body.code, op.operationId).toBe('sandbox_key');
    }
  });

  it('answers a tenant the caller does not belong to exactly like one that does not exist', async () => {
    for (const op of tenantOps) {
      const foreign = await call(op, { authorization: `Bearer ${stranger.apiKey}`, 'x-tenant-id': owner.tenantId });
      const missing = await call(op, { authorization: `Bearer ${stranger.apiKey}`, 'x-tenant-id': 'no-such-tenant' });
      expect(foreign.status, op.operationId).toBe(404);
      expect(foreign.body, op.operationId).toEqual(missing.body);
    }
  });

  it('never answers 5xx to a malformed request, and a 4xx body never carries a stack', async () => {
    const bodies = [
      '{"not json',
      '[]',
      'null',
      '123',
      '"text"',
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
      JSON.stringify({ id: { $gt: '' }, name: 'x'.repeat(70_000) }),
    ];
    const api = client(rt.url, { key: owner.apiKey });
    for (const op of tenantOps) {
      for (const body of op.method === 'GET' || op.method === 'DELETE' ? [undefined] : bodies) {
        const r = await api.call(op.method, samplePath(op) + '?pageSize=abc&cursor=%00&filters=%5B', body, {
          'content-type': 'application/json',
          'x-forwarded-for': freshAddress(),
        });
        expect(r.status, `${op.operationId} ${body?.slice(0, 40)} → ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.text, op.operationId).not.toMatch(/\s+at .+\(.+:\d+:\d+\)/);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never answers 5xx to hostile path parameters or query strings', async () => {
    const ids = ['%ZZ', 'x'.repeat(3000), '%F0%9F%98%80', '..%2F..%2Fetc', '%00'];
    const queries = ['?pageSize=1&pageSize=2', '?pageSize=1e9', `?cursor=${'A'.repeat(3000)}`, '?filters=%7B%22a%22%3A1%7D', '?sort=%00&status=%ZZ'];
    const failures: string[] = [];
    for (const op of operations) {
      const api = client(rt.url, { key: op.access === 'admin' ? TEST_ADMIN_TOKEN : owner.apiKey });
      const paths = op.path.includes('{') ? ids.map((id) => op.path.replace(/\{[A-Za-z0-9_]+\}/g, id)) : queries.map((q) => op.path + q);
      for (const p of paths) {
        const r = await api.call(op.method, p, op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}', {
          'content-type': 'application/json',
          'x-forwarded-for': freshAddress(),
        });
        if (r.status >= 500 || /\s+at .+:\d+:\d+/.test(r.text)) failures.push(`${op.operationId} ${p.slice(0, 60)} → ${r.status} ${r.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
