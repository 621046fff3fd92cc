import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApprovedAccount, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { mcpClients } from '../support/mcp-client.js';
import { charge, credit, withBilling } from '../../shared/workspace/billing/billing.js';
import { executeOperation } from '../../shared/platform/http/pipeline.js';
import { TenantIdempotencyRecord } from '../../shared/platform/idempotency/entities.js';
import { IDEMPOTENCY_LEASE_MS } from '../../shared/platform/idempotency/idempotency.js';
import { toolCallEvent } from '../../shared/platform/mcp/call.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { tableNames } from '../../shared/platform/data/schema.js';
import { ApiKey } from '../../shared/workspace/identity/entities.js';
import { sha256 } from '../../shared/workspace/identity/api-keys.js';
import { addMember } from '../../shared/workspace/tenancy/provision.js';

/** Idempotency-Key over HTTP and MCP (official client), against DynamoDB Local through the real runtime. */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
const mcp = mcpClients(() => env.rt.url);
beforeAll(async () => {
  env = await startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } }); // webhook URLs on loopback
});
afterAll(async () => {
  await mcp.closeAll();
  await env?.rt.stop();
});

const countContacts = async (email: string) =>
  ((await env.http.get('/api/contacts?pageSize=100')).body.data as { channels?: { value: string }[]; email?: string }[]).filter((c) =>
    JSON.stringify(c).includes(email),
  ).length;

describe('Idempotency-Key over HTTP', () => {
  it('the same key and body twice: one contact, equal answers, the second marked as a replay', async () => {
    const body = { firstName: 'Ida', email: 'ida@idem.example' };
    const first = await env.http.post('/api/contacts', body, { 'idempotency-key': 'create-ida-1' });
    const second = await env.http.post('/api/contacts', body, { 'idempotency-key': 'create-ida-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await countContacts('ida@idem.example')).toBe(1);
  });

  it('the same key with a different body is 422 idempotency_key_reused; a malformed key is 400', async () => {
    await env.http.post('/api/contacts', { firstName: 'Bo', email: 'bo@idem.example' }, { 'idempotency-key': 'k-bo' });
    const reused = await env.http.post('/api/contacts', { firstName: 'Bo2', email: 'bo2@idem.example' }, { 'idempotency-key': 'k-bo' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' });
    const bad = await env.http.post('/api/contacts', { firstName: 'X' }, { 'idempotency-key': 'x'.repeat(300) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_idempotency_key');
  });

  it('concurrent calls with one key: one runs, the others get 409 in flight or the replay', async () => {
    const body = { firstName: 'Cy', email: 'cy@idem.example' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => env.http.post('/api/contacts', body, { 'idempotency-key': 'k-cy' })));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const ok = answers.filter((a) => a.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body).toEqual(ok[0].body);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('idempotency_request_in_flight');
    expect(await countContacts('cy@idem.example')).toBe(1);
  });

  it('an error answer releases the key: the corrected retry with the same key runs', async () => {
    const bad = await env.http.post('/api/contacts', { firstName: 'Di', unknownField: 1 }, { 'idempotency-key': 'k-di' });
    expect(bad.status).toBe(400);
    const good = await env.http.post('/api/contacts', { firstName: 'Di', email: 'di@idem.example' }, { 'idempotency-key': 'k-di' });
    expect(good.status).toBe(201);
  });

  it('an in-flight record left by a crashed call blocks only until its lease runs out', async () => {
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const keyHash = createHash('sha256').update('k-crashed').digest('hex');
    const now = env.rt.deps.clock.now();
    const keyId = (await env.rt.deps.platform.get<{ keyId: string }>(ApiKey.key({ keyHash: sha256(env.account.apiKey) })))!.keyId;
    await table.put(
      TenantIdempotencyRecord.item(
        { caller: `key-${keyId}`, keyHash },
        {
          state: 'in_flight',
          fingerprint: 'left-by-a-crash',
          leaseUntil: now + IDEMPOTENCY_LEASE_MS,
          expiresAt: now + 86_400_000,
          ttl: Math.ceil(now / 1000) + 86_400,
        },
      ),
    );
    const body = { firstName: 'Ed', email: 'ed@idem.example' };
    const blocked = await env.http.post('/api/contacts', body, { 'idempotency-key': 'k-crashed' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('idempotency_request_in_flight');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await env.http.post('/_local/clock', { advanceMs: IDEMPOTENCY_LEASE_MS + 1000 })).status).toBe(200);
    const after = await env.http.post('/api/contacts', body, { 'idempotency-key': 'k-crashed' });
    expect(after.status).toBe(201);
  });

  it('24 hours later the key is free again', async () => {
    const first = await env.http.post('/api/contacts', { firstName: 'Fa', email: 'fa@idem.example' }, { 'idempotency-key': 'k-fa' });
    expect((await env.http.post('/_local/clock', { advanceMs: 24 * 3600_000 + 1000 })).status).toBe(200);
    const again = await env.http.post('/api/contacts', { firstName: 'Fb', email: 'fb@idem.example' }, { 'idempotency-key': 'k-fa' });
    expect(again.status).toBe(201); // not 422: the first use has expired
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });
});

/** Every idempotency record of a table, read raw (a Scan of a fresh test table, never a request path). */
async function idempotencyItems(tableName: string) {
  const doc = createDocumentClient({ endpoint: inject('dynamoEndpoint') });
  const out = await doc.send(new ScanCommand({ TableName: tableName, Limit: 1000 }));
  return (out.Items ?? []).filter((i) => String(i.pk).startsWith('IDEMKEY#'));
}

describe('one-time secrets and the caller', () => {
  it("a MEMBER sending the owner's key and body gets an answer of its own, never the owner's token or secret; the owner's retry gets its own back", async () => {
    const member = await createApprovedAccount(env.rt.deps);
    await addMember(env.rt.deps, env.account.tenantId, member.userId, 'MEMBER');
    const asMember = client(env.rt.url, { key: member.apiKey, headers: { 'x-tenant-id': env.account.tenantId } });

    const tokenBody = { connector: 'tilda', name: 'Site form' };
    const owner = await env.http.post('/api/connectors/tokens', tokenBody, { 'idempotency-key': 'shared-key-1' });
    expect(owner.status).toBe(201);
    expect(owner.body.token).toMatch(/^svc_ct_/);
    const other = await asMember.post('/api/connectors/tokens', tokenBody, { 'idempotency-key': 'shared-key-1' });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.token).not.toBe(owner.body.token);
    const retry = await env.http.post('/api/connectors/tokens', tokenBody, { 'idempotency-key': 'shared-key-1' });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.token).toBe(owner.body.token);

    const secret = 'owner-webhook-secret-0123456789abcdef';
    const hookBody = { url: 'http://127.0.0.1:9/hook', events: ['lead.created'], secret };
    const hook = await env.http.post('/api/webhooks', hookBody, { 'idempotency-key': 'shared-key-2' });
    expect(hook.status).toBe(201);
    expect(hook.body.standardWebhooksSecret).toMatch(/^whsec_/);
    const memberHook = await asMember.post('/api/webhooks', hookBody, { 'idempotency-key': 'shared-key-2' });
    expect(memberHook.status).toBe(201);
    expect(memberHook.headers.get('idempotent-replayed')).toBeNull();
    expect(memberHook.body.id).not.toBe(hook.body.id);
    const hookRetry = await env.http.post('/api/webhooks', hookBody, { 'idempotency-key': 'shared-key-2' });
    expect(hookRetry.headers.get('idempotent-replayed')).toBe('true');
    expect(hookRetry.body).toEqual(hook.body);

    // At rest: no token, no whsec_ string, no webhook secret in any replay record (nor a bare hash of the body).
    const names = tableNames(env.rt.prefix);
    const items = [...(await idempotencyItems(names.tenant(env.account.tenantId))), ...(await idempotencyItems(names.platform))];
    expect(items.length).toBeGreaterThanOrEqual(4);
    const raw = JSON.stringify(items);
    for (const s of [owner.body.token, other.body.token, hook.body.standardWebhooksSecret, secret, 'svc_ct_', 'whsec_']) expect(raw).not.toContain(s);
  });

  it("a replay record moved into another caller's place is refused, not replayed", async () => {
    const member = await createApprovedAccount(env.rt.deps);
    await addMember(env.rt.deps, env.account.tenantId, member.userId, 'MEMBER');
    const asMember = client(env.rt.url, { key: member.apiKey, headers: { 'x-tenant-id': env.account.tenantId } });
    const body = { connector: 'tilda', name: 'Moved' };
    expect((await env.http.post('/api/connectors/tokens', body, { 'idempotency-key': 'moved-1' })).status).toBe(201);
    const keyHash = createHash('sha256').update('moved-1').digest('hex');
    const ownerKeyId = (await env.rt.deps.platform.get<{ keyId: string }>(ApiKey.key({ keyHash: sha256(env.account.apiKey) })))!.keyId;
    const memberKeyId = (await env.rt.deps.platform.get<{ keyId: string }>(ApiKey.key({ keyHash: sha256(member.apiKey) })))!.keyId;
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const rec = await table.get(TenantIdempotencyRecord.key({ caller: `key-${ownerKeyId}`, keyHash }));
    expect(rec?.state).toBe('completed');
    await table.put({ ...rec, ...TenantIdempotencyRecord.key({ caller: `key-${memberKeyId}`, keyHash }) });
    const moved = await asMember.post('/api/connectors/tokens', body, { 'idempotency-key': 'moved-1' });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe('idempotency_key_reused');
  });
});

describe('/v1/messages (platform table, scoped per account)', () => {
  it('the same key twice queues one message and counts the quota once', async () => {
    const key = (await client(env.rt.url).post('/v1/signup', { email: `idem-${Date.now()}@example.com` }, { 'x-forwarded-for': '198.51.100.77' })).body.api_key;
    const v1 = client(env.rt.url, { key });
    const msg = { to: 'a@example.org', subject: 's', text: 't' };
    const a = await v1.post('/v1/messages', msg, { 'idempotency-key': 'msg-1' });
    const b = await v1.post('/v1/messages', msg, { 'idempotency-key': 'msg-1' });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body).toEqual(a.body);
    expect((await v1.get('/v1/me')).body.quota.used).toBe(1);
  });
});

describe('a paid operation replayed', () => {
  // A synthetic paid operation through the real pipeline (no paid operation of this branch is cheap to set up).
  const paid = defineOperation({
    operationId: 'test_paid_render',
    method: 'POST',
    path: '/api/test/paid-render',
    tag: 'test',
    summary: 'Paid test operation',
    description: 'Charges one platform render.',
    access: 'tenant',
    scope: 'crm:write',
    resources: ['platformTable:write'],
    input: { body: z.strictObject({ n: z.number() }) },
    hints: { readOnly: false },
    handler: async ({ body }, ctx) => withBilling({ n: body.n }, await charge(ctx.deps, requireTenant(ctx).tenantId, 'platform_render')),
  });
  const event = (args: Record<string, unknown>) =>
    toolCallEvent(paid as never, args, {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/mcp',
      rawQueryString: '',
      headers: { authorization: `Bearer ${env.account.apiKey}` },
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } } as never,
    } as APIGatewayProxyEventV2);

  it('charges once and replays the original _billing', async () => {
    await credit(env.rt.deps, env.account.tenantId, 1, 'test', 'admin');
    const first = await executeOperation(env.rt.deps, paid as never, event({ body: { n: 1 }, idempotency_key: 'paid-1' }));
    const second = await executeOperation(env.rt.deps, paid as never, event({ body: { n: 1 }, idempotency_key: 'paid-1' }));
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((first.body as { _billing: { balance_after: number } })._billing.balance_after).toBe(0.996);
    const ledger = (await env.http.get('/api/billing/ledger?pageSize=100')).body.data as { type: string }[];
    expect(ledger.filter((e) => e.type === 'charge')).toHaveLength(1);
  });
});

describe('Idempotency-Key over MCP (official client)', () => {
  it('idempotency_key as a tool argument and as _meta replays the first result', async () => {
    const c = await mcp.connect({ authorization: `Bearer ${env.account.apiKey}` }, '?toolsets=crm');
    const tool = (await c.listTools()).tools.find((t) => t.name === 'svc_contacts_create');
    expect(tool?.inputSchema.properties).toHaveProperty('idempotency_key');
    const args = { body: { firstName: 'Mo', email: 'mo@idem.example' }, idempotency_key: 'mcp-mo' };
    const a = (await c.callTool({ name: 'svc_contacts_create', arguments: args })) as { structuredContent: Record<string, unknown> };
    const b = (await c.callTool({ name: 'svc_contacts_create', arguments: args })) as { structuredContent: Record<string, unknown> };
    expect(b.structuredContent.id).toBe(a.structuredContent.id);
    const m1 = (await c.callTool({
      name: 'svc_contacts_create',
      arguments: { body: { firstName: 'Me', email: 'me@idem.example' } },
      _meta: { idempotency_key: 'mcp-me' },
    })) as { structuredContent: Record<string, unknown> };
    const m2 = (await c.callTool({
      name: 'svc_contacts_create',
      arguments: { body: { firstName: 'Me', email: 'me@idem.example' } },
      _meta: { idempotency_key: 'mcp-me' },
    })) as { structuredContent: Record<string, unknown> };
    expect(m2.structuredContent.id).toBe(m1.structuredContent.id);
    expect(await countContacts('mo@idem.example')).toBe(1);
    expect(await countContacts('me@idem.example')).toBe(1);
  });
});
