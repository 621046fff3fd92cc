import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClients } from '../support/mcp-client.js';
import { verifyAndConsumeReceipt } from '../../shared/platform/agent/capability-receipts.js';
import { sha256 } from '../../shared/workspace/identity/api-keys.js';
import { addKey, startTenantRuntime, type createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { ApiKey } from '../../shared/workspace/identity/entities.js';

/** Agent guide, capability receipts and the agent card's MCP endpoint, over HTTP and MCP. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
const { connect, closeAll } = mcpClients(() => rt.url);
const keyIdOf = async (apiKey: string) => (await rt.deps.platform.get<{ keyId: string }>(ApiKey.key({ keyHash: sha256(apiKey) })))!.keyId;

beforeAll(async () => {
  ({ rt, account: owner } = await startTenantRuntime());
});
afterAll(async () => {
  await closeAll();
  await rt?.stop();
});

describe('GET /api/v1/agent-guide', () => {
  it('is public and the same over HTTP and MCP', async () => {
    const http = await client(rt.url).get('/api/v1/agent-guide');
    expect(http.status).toBe(200);
    expect(http.body.text).toContain('Recommended cold-outreach order');
    expect(http.body.mcp.url).toBe(`${rt.url}/mcp`);
    const mcp = (await (await connect()).callTool({ name: 'svc_agent_guide_get', arguments: {} })) as any;
    const { _expert, ...body } = mcp.structuredContent;
    expect(body).toEqual(http.body);
    expect(_expert).toMatchObject({ next: 'svc_v1_me' });
  });
});

describe('agent card', () => {
  it('names the MCP endpoint with its transport and tool prefix', async () => {
    const card = await client(rt.url).get('/.well-known/agent-card.json');
    expect(card.body.endpoints.mcp).toEqual({ url: `${rt.url}/mcp`, transport: 'streamable-http', stateless: true, toolPrefix: 'svc_' });
    expect(card.body.capabilities.find((c: any) => c.operationId === 'notifications_self_note')).toMatchObject({
      mcpTool: 'svc_notifications_self_note',
      scope: 'workspace:write',
    });
  });
});

describe('GET /api/v1/agent-guide/campaign-sender-capability', () => {
  it('needs agent:read', async () => {
    const narrow = await addKey(rt.deps, owner.accountId, ['crm:read']);
    const r = await client(rt.url, { key: narrow }).get('/api/v1/agent-guide/campaign-sender-capability');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'agent:read' });
    expect((await client(rt.url).get('/api/v1/agent-guide/campaign-sender-capability')).status).toBe(401);
  });

  it('issues a single-use receipt bound to tenant and key (HTTP)', async () => {
    const r = await client(rt.url, { key: owner.apiKey }).get('/api/v1/agent-guide/campaign-sender-capability');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ header: 'X-SDR-Capability-Receipt', tenantId: owner.tenantId, ttlSeconds: 600, singleUse: true });
    const keyId = await keyIdOf(owner.apiKey);
    const otherKey = await keyIdOf(await addKey(rt.deps, owner.accountId, ['*']));
    await expect(verifyAndConsumeReceipt(rt.deps, { tenantId: owner.tenantId, keyId: otherKey, receipt: r.body.receipt })).rejects.toMatchObject({
      status: 403,
    });
    await expect(verifyAndConsumeReceipt(rt.deps, { tenantId: owner.tenantId, keyId, receipt: r.body.receipt })).resolves.toEqual({ consumed: true });
    await expect(verifyAndConsumeReceipt(rt.deps, { tenantId: owner.tenantId, keyId, receipt: r.body.receipt })).rejects.toMatchObject({
      body: { code: 'capability_receipt_invalid' },
    });
  });

  it('issues one over MCP too, with _expert pointing at the campaign write', async () => {
    const c = await connect({ authorization: `Bearer ${owner.apiKey}` });
    const r = (await c.callTool({ name: 'svc_agent_guide_sender_capability', arguments: { tenant_id: owner.tenantId } })) as any;
    expect(r.isError).toBeUndefined();
    expect(r.structuredContent.receipt).toMatch(/^svc_cr_/);
    expect(r.structuredContent._expert).toMatchObject({ next: 'svc_CampaignsController_create', check: expect.stringContaining('Single-use') });
    await expect(
      verifyAndConsumeReceipt(rt.deps, { tenantId: owner.tenantId, keyId: await keyIdOf(owner.apiKey), receipt: r.structuredContent.receipt }),
    ).resolves.toEqual({ consumed: true });
  });
});
