import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignOperations } from '../../functions/campaigns/index.js';
import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { createApprovedAccount } from '../support/accounts.js';
import { requestFor, send } from '../support/fuzz.js';
import { consumedCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { Campaign } from '../../shared/mailing/campaigns/entities.js';
import { CAMPAIGN_PAUSED, getCampaignItem, updateCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { syncCampaign } from '../../shared/mailing/campaigns/lifecycle.js';
import { ensureOwnedSendTask, getTaskItem } from '../../shared/mailing/tasks/tasks.js';
import { pauseTask } from '../../shared/mailing/sending/gates.js';
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
  // The conveyor (every 2 × LOCAL_WORKFLOW_TICK_MS) is held off: only the requests below may write the campaign.
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true', LOCAL_WORKFLOW_TICK_MS: '3600000' } });
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

  it('reads never write: get, list, activity, readiness and operational status compute a send-task pause; send persists it', async () => {
    const api = client(rt.url, { key: owner.apiKey });
    const h = () => ({ 'x-forwarded-for': freshAddress() });
    const created = await api.post('/api/campaigns', { name: 'read-only', renderMode: 'BYOC' }, h());
    const id = created.body.id as string;
    const table = rt.deps.tenantTable(owner.tenantId);
    const now = rt.deps.clock.now();
    // ACTIVE with a send task the send engine paused (the balance ran out), not yet seen by the conveyor.
    await updateCampaign(table, await getCampaignItem(table, id), { status: 'ACTIVE', label: null }, now);
    await ensureOwnedSendTask(table, { taskId: id, owner: { kind: 'campaign', id }, accountId: 'acc-none', description: 'read-only' }, now);
    await pauseTask(rt.deps, owner.tenantId, { taskId: id }, 'insufficient_balance');
    const stored = await table.get(Campaign.key({ campaignId: id }));
    const campaignWrites = () =>
      Object.entries(consumedCapacity.byKind)
        .filter(([kind]) => kind.includes('CAMPAIGN'))
        .reduce((n, [, v]) => n + v.write, 0);
    const writesBefore = campaignWrites();

    const got = await api.get(`/api/campaigns/${id}`, h());
    expect(got.body).toMatchObject({ status: 'PAUSED', pauseReason: 'insufficient_balance', recipients: { NEW: 0, READY: 0 } });
    const listed = (await api.get('/api/campaigns?limit=100', h())).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ status: 'PAUSED', pauseReason: 'insufficient_balance' });
    const log = await api.get(`/api/campaigns/${id}/activity`, h());
    expect(log.status).toBe(200);
    expect(log.body.data.map((a: { action: string }) => a.action)).toEqual(['created']);
    expect((await api.get(`/api/campaigns/${id}/operational-status`, h())).body).toMatchObject({ status: 'PAUSED', pauseReason: 'insufficient_balance' });
    expect((await api.get(`/api/campaigns/${id}/send-readiness`, h())).body.blockers).toContain('campaign_paused:insufficient_balance');
    expect(campaignWrites()).toBe(writesBefore);
    expect(await table.get(Campaign.key({ campaignId: id }))).toEqual(stored);

    // A write path (send) persists the pause and logs it as the system's, then refuses on the gate.
    const sent = await api.post(`/api/campaigns/${id}/send`, { limit: 1 }, h());
    expect(sent.status).toBe(409);
    expect(sent.body.blockers).toContain('campaign_paused:insufficient_balance');
    expect(await table.get(Campaign.key({ campaignId: id }))).toMatchObject({ status: 'PAUSED', pauseReason: 'insufficient_balance' });
    expect((await api.get(`/api/campaigns/${id}/activity`, h())).body.data[0]).toMatchObject({
      action: 'paused',
      reason: 'insufficient_balance',
      actor: { kind: 'system' },
    });
  });

  it("a resume caught between its writes (campaign ACTIVE, task still paused by the campaign's own pause) is not paused again; a repeated resume finishes", async () => {
    const api = client(rt.url, { key: owner.apiKey });
    const h = () => ({ 'x-forwarded-for': freshAddress() });
    const id = (await api.post('/api/campaigns', { name: 'half-resumed', renderMode: 'BYOC' }, h())).body.id as string;
    const table = rt.deps.tenantTable(owner.tenantId);
    const now = rt.deps.clock.now();
    await updateCampaign(table, await getCampaignItem(table, id), { status: 'ACTIVE', label: null }, now);
    await ensureOwnedSendTask(table, { taskId: id, owner: { kind: 'campaign', id }, accountId: 'acc-none', description: 'half-resumed' }, now);
    await pauseTask(rt.deps, owner.tenantId, { taskId: id }, CAMPAIGN_PAUSED);

    // What the conveyor sees mid-resume: the campaign stays ACTIVE (before the fix it was paused again as campaign_paused).
    expect((await api.get(`/api/campaigns/${id}`, h())).body).toMatchObject({ status: 'ACTIVE', pauseReason: null });
    expect(await syncCampaign(rt.deps, owner.tenantId, id)).toMatchObject({ status: 'ACTIVE' });
    const resumed = await api.post(`/api/campaigns/${id}/resume`, {}, h());
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'ACTIVE' });
    expect(await getTaskItem(table, id)).toMatchObject({ status: 'ACTIVE', pauseReason: null });
    const actions = (await api.get(`/api/campaigns/${id}/activity`, h())).body.data.map((a: { action: string }) => a.action);
    expect(actions).not.toContain('paused');
  });
});
