import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignOperations } from '../../functions/campaigns/index.js';
import type { AnyOperation } from '../../shared/registry/operation.js';
import { createApprovedAccount } from '../support/accounts.js';
import { requestFor, send } from '../support/fuzz.js';
import { client, freshAddress, startTestRuntime, TEST_ADMIN_TOKEN } from '../support/runtime.js';

/**
 * The registry-wide guards (test/e2e/registry-guards.test.ts, registry-fuzz.test.ts) applied to the
 * campaign operations alone, with more fuzz samples each: one 401 body, a foreign tenant's campaign is
 * "not found" exactly like a missing one, never a 5xx or a stack for malformed, hostile or generated
 * requests. Real runtime and DynamoDB Local; nothing mocked.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
let stranger: Awaited<ReturnType<typeof createApprovedAccount>>;
let campaignId: string;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  owner = await createApprovedAccount(rt.deps);
  stranger = await createApprovedAccount(rt.deps);
  const c = await client(rt.url, { key: owner.apiKey }).post('/api/campaigns', { name: 'guarded', renderMode: 'BYOC' }, { 'x-forwarded-for': freshAddress() });
  expect(c.status).toBe(201);
  campaignId = c.body.id;
}, 120_000);
afterAll(() => rt?.stop());

const pathOf = (op: AnyOperation, id: string) => op.path.replace(/\{([A-Za-z0-9_]+)\}/g, id);
const bodyOf = (op: AnyOperation) => (op.method === 'GET' || op.method === 'DELETE' ? undefined : {});

describe('campaign operations: pipeline guards', { timeout: 300_000 }, () => {
  it('one 401 body without or with an unknown credential', async () => {
    for (const op of campaignOperations)
      for (const headers of [{}, { authorization: 'Bearer svc_pk_unknown' }] as Record<string, string>[]) {
        const r = await client(rt.url).call(op.method, pathOf(op, campaignId), bodyOf(op), { 'x-forwarded-for': freshAddress(), ...headers });
        expect(r.status, op.operationId).toBe(401);
        expect(r.body, op.operationId).toEqual({ statusCode: 401, message: 'Invalid credentials' });
      }
  });

  it("another tenant's campaign answers like a missing one", async () => {
    const api = client(rt.url, { key: stranger.apiKey });
    for (const op of campaignOperations.filter((o) => o.path.includes('{id}') && !o.path.startsWith('/api/dialogs/outbox/skip'))) {
      const foreign = await api.call(op.method, pathOf(op, campaignId), bodyOf(op), { 'x-forwarded-for': freshAddress() });
      const missing = await api.call(op.method, pathOf(op, '0mwqzzzzzzzzzzzzzzzzzzzzz'), bodyOf(op), { 'x-forwarded-for': freshAddress() });
      expect(foreign.status, op.operationId).toBe(missing.status);
      expect(foreign.body, op.operationId).toEqual(missing.body);
      expect(foreign.status, op.operationId).toBeLessThan(500);
    }
  });

  it('never a 5xx or a stack for malformed bodies, hostile ids and queries', async () => {
    const api = client(rt.url, { key: owner.apiKey });
    const bodies = ['{"not json', '[]', 'null', '123', '{"__proto__":{"polluted":1}}', JSON.stringify({ id: { $gt: '' }, name: 'x'.repeat(70_000) })];
    const ids = ['%ZZ', 'x'.repeat(3000), '%F0%9F%98%80', '..%2F..%2Fetc', '%00', 'a~b', 'a#b', campaignId];
    const failures: string[] = [];
    for (const op of campaignOperations)
      for (const id of ids)
        for (const body of op.method === 'GET' || op.method === 'DELETE' ? [undefined] : bodies) {
          const r = await api.call(op.method, `${pathOf(op, id)}?limit=abc&cursor=%00&status=%ZZ`, body, {
            'content-type': 'application/json',
            'x-forwarded-for': freshAddress(),
          });
          if (r.status >= 500 || /\s+at .+:\d+:\d+/.test(r.text))
            failures.push(`${op.operationId} ${id.slice(0, 20)} ${body?.slice(0, 30)} → ${r.status} ${r.text.slice(0, 160)}`);
        }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('generated requests (fast-check, fixed seed, 20 per operation): never a 5xx, never a stack', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const op of campaignOperations)
      for (const r of fc.sample(requestFor(op), { seed: 12_2026 + n, numRuns: 20 })) {
        n++;
        const res = await send(
          rt.url,
          r,
          { ownerKey: owner.apiKey, tenantId: owner.tenantId, adminToken: TEST_ADMIN_TOKEN },
          `100.12.${(n >> 8) & 255}.${n & 255}`,
        );
        if (res.status >= 500 || res.stack) failures.push(`${op.method} ${r.path} body=${r.body?.slice(0, 120)} → ${res.status} ${res.text.slice(0, 160)}`);
      }
    expect(n).toBe(campaignOperations.length * 20);
    expect(failures).toEqual([]);
  });
});
