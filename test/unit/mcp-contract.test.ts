import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { operations } from '../../functions/registry.js';
import { createMcpServer } from '../../shared/platform/mcp/server.js';
import { catalogOf } from '../../shared/platform/mcp/catalog.js';
import {
  BODY_ARG,
  IDEMPOTENCY_ARG,
  TENANT_ARG,
  argumentNames,
  isMcpTool,
  listTools,
  shortDescription,
  toolDefinition,
} from '../../shared/platform/mcp/tools.js';
import { defineOperation, pathParams, type AnyOperation } from '../../shared/platform/registry/operation.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { Principal } from '../../shared/platform/runtime/principal.js';

const everything: Principal = {
  kind: 'key',
  keyId: 'k',
  accountId: 'a',
  userId: 'u',
  accountScope: 'approved',
  status: 'ACTIVE',
  scopes: ['*'],
  platformAdmin: false,
};
const exposed = operations.filter((op) => op.mcp !== false && op.access !== 'admin');

describe('MCP tools = the registry', () => {
  it('every operation except mcp:false and admin ones is one tool svc_<operationId>, for a fully scoped key', () => {
    const names = listTools(operations, everything)
      .map((t) => t.name)
      .sort();
    expect(names).toEqual(exposed.map((op) => `svc_${op.operationId}`).sort());
    for (const op of operations.filter((o) => o.mcp === false || o.access === 'admin')) expect(names).not.toContain(`svc_${op.operationId}`);
  });

  it('derives each tool from its operation: description, path/query/body/tenant arguments, hints', () => {
    for (const op of exposed) {
      const t = toolDefinition(op);
      expect(t.description.length, op.operationId).toBeGreaterThan(10);
      expect(t.description).toBe(shortDescription(op));
      const props = Object.keys(t.inputSchema.properties);
      const a = argumentNames(op);
      expect(props.sort(), op.operationId).toEqual(
        [
          ...a.path,
          ...a.query,
          ...(a.body ? [BODY_ARG] : []),
          ...(op.access === 'tenant' ? [TENANT_ARG] : []),
          ...(a.idempotencyKey ? [IDEMPOTENCY_ARG] : []),
        ].sort(),
      );
      for (const p of pathParams(op.path)) {
        expect((t.inputSchema.properties[p] as { type: string }).type).toBe('string');
        expect(t.inputSchema.required).toContain(p);
      }
      // No argument name may shadow the body or the tenant.
      expect(
        [...a.path, ...a.query].filter((n) => n === BODY_ARG || n === TENANT_ARG),
        op.operationId,
      ).toEqual([]);
      expect(t.annotations.readOnlyHint).toBe(Boolean(op.hints?.readOnly));
      if (op.hints?.destructive) expect(t.annotations.destructiveHint).toBe(true);
      if (op.hints?.idempotent) expect(t.annotations.idempotentHint).toBe(true);
      expect(t.name).toMatch(/^svc_[A-Za-z0-9_]{1,124}$/);
    }
  });

  it('local-only operations are never tools in AWS', () => {
    for (const op of operations.filter((o) => o.localOnly)) expect(isMcpTool(op, 'aws')).toBe(false);
  });
});

describe('adding an operation needs no change in the MCP code', () => {
  const synthetic = defineOperation({
    operationId: 'synthetic_widgets_echo',
    method: 'POST',
    path: '/api/synthetic/{widgetId}/echo',
    tag: 'synthetic',
    summary: 'Echo a widget (test only)',
    description: 'Test-only operation defined in this file: echoes path, query and body.',
    access: 'public',
    input: {
      path: z.strictObject({ widgetId: z.string().min(1).max(20) }),
      query: z.strictObject({ times: z.coerce.number().int().min(1).max(3).default(1) }),
      body: z.strictObject({ text: z.string().max(50) }),
    },
    hints: { readOnly: false, idempotent: true },
    handler: async ({ path, query, body }, ctx) => ({ widgetId: path.widgetId, echo: body.text.repeat(query.times), channel: ctx.request.channel }),
    guidance: (r) => ({ next: r.echo.length > 5 ? 'v1_me' : 'synthetic_widgets_echo', why: 'test guidance depends on the result' }),
  });
  const registry: AnyOperation[] = [...operations, synthetic];
  const deps = { config: configFromEnv({ SVC_RUNTIME: 'local' }) } as unknown as Deps;
  const event = {
    headers: {},
    requestContext: { http: { method: 'POST', path: '/mcp', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r' },
  } as unknown as APIGatewayProxyEventV2;
  let c: Client | undefined;
  afterEach(async () => c?.close());

  async function connect(guidance = true) {
    const server = createMcpServer(deps, catalogOf(registry), { event, guidance });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    c = new Client({ name: 'contract', version: '1' });
    await c.connect(b);
    return c;
  }

  it('lists the new operation as a tool with its schemas', async () => {
    const { tools } = await (await connect()).listTools();
    const t = tools.find((x) => x.name === 'svc_synthetic_widgets_echo')!;
    expect(t).toBeDefined();
    expect(t.description).toBe(synthetic.description);
    expect(t.inputSchema).toMatchObject({
      type: 'object',
      required: ['widgetId', 'body'],
      properties: { widgetId: { type: 'string' }, times: { type: 'integer', default: 1 }, body: { type: 'object', required: ['text'] } },
    });
    expect(t.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: false });
  });

  it('calls it through the shared pipeline, with result-dependent _expert', async () => {
    const client = await connect();
    const r = (await client.callTool({ name: 'svc_synthetic_widgets_echo', arguments: { widgetId: 'w 1', times: 3, body: { text: 'ab' } } })) as any;
    expect(r.structuredContent).toEqual({
      widgetId: 'w 1',
      echo: 'ababab',
      channel: 'mcp',
      _expert: { next: 'svc_v1_me', why: 'test guidance depends on the result' },
    });
    const short = (await client.callTool({ name: 'svc_synthetic_widgets_echo', arguments: { widgetId: 'w', body: { text: 'ab' } } })) as any;
    expect(short.structuredContent._expert.next).toBe('svc_synthetic_widgets_echo');
    const bad = (await client.callTool({ name: 'svc_synthetic_widgets_echo', arguments: { widgetId: 'w', body: { text: 'ab', extra: true } } })) as any;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined(); // errors are text only: the SDK would check structuredContent against the outputSchema
    expect(JSON.parse(bad.content[0].text)).toMatchObject({ statusCode: 400, message: ['property extra should not exist'] });
  });

  it('omits _expert when guidance is off', async () => {
    const r = (await (await connect(false)).callTool({ name: 'svc_synthetic_widgets_echo', arguments: { widgetId: 'w', body: { text: 'x' } } })) as any;
    expect(r.structuredContent).toEqual({ widgetId: 'w', echo: 'x', channel: 'mcp' });
  });
});
