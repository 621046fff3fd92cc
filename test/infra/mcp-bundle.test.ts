import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import { buildMcpBundle } from '../../infra/aws/mcp-bundle.js';
import { searchToolDefinition } from '../../shared/platform/mcp/tools-search.js';
import { listTools } from '../../shared/platform/mcp/tools.js';

/**
 * The MCP Lambda as deployed: built as CDK builds it (infra/aws/mcp-bundle.ts: code-split, the
 * catalogue beside it), loaded and called with a function URL event (anonymous: no storage needed).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(ROOT, '.tmp', 'mcp-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event = (body: unknown, rawQueryString = ''): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: '/mcp',
    rawQueryString,
    isBase64Encoded: false,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'abc.lambda-url.eu-west-1.on.aws' },
    requestContext: {
      domainName: 'abc.lambda-url.eu-west-1.on.aws',
      http: { method: 'POST', path: '/mcp', sourceIp: '203.0.113.9', protocol: 'HTTP/1.1', userAgent: 't' },
      requestId: 'r1',
    },
  }) as never;

describe('MCP Lambda bundle', () => {
  it('loads and answers initialize, tools/list and a public tool call', async () => {
    const outdir = path.join(dir, 'mcp');
    const { metafile } = await buildMcpBundle(outdir, { metafile: true });
    // What a cold start reads: the entry and the chunks it imports statically. No operation is among them.
    const outputs = metafile!.outputs;
    const atInit = new Set<string>();
    const visit = (file: string) => {
      if (atInit.has(file)) return;
      atInit.add(file);
      for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
    };
    visit(Object.keys(outputs).find((f) => f.endsWith('/index.mjs'))!);
    const initInputs = [...atInit].flatMap((f) => Object.keys(outputs[f].inputs));
    expect(initInputs.filter((f) => /^functions\/(?!mcp\/)/.test(f))).toEqual([]);
    expect(initInputs).not.toContain('functions/registry.ts');
    const env = {
      SECRETS_KEY: 'bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=',
      AWS_REGION: 'eu-west-1',
      PUBLIC_BASE_URL: 'https://api.example.com',
      TABLE_PREFIX: 'b-',
    };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    delete process.env.SVC_RUNTIME;
    delete process.env.MCP_URL;
    try {
      const { handler } = await import(pathToFileURL(path.join(outdir, 'index.mjs')).href);
      const init = await handler(
        event({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      );
      expect(init.statusCode).toBe(200);
      expect(JSON.parse(init.body).result.serverInfo).toEqual({ name: 'svc', version: '1.0.0' });
      const list = await handler(event({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      expect(JSON.parse(list.body).result.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['svc_v1_signup', 'svc_agent_guide_get']));
      // The build's catalogue answers exactly what the live registry derives.
      const all = await handler(event({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, 'toolsets=all'));
      expect(JSON.parse(all.body).result.tools).toEqual(JSON.parse(JSON.stringify([...listTools(operations, undefined, 'aws'), searchToolDefinition])));
      const guide = await handler(event({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'svc_agent_guide_get', arguments: {} } }));
      expect(JSON.parse(guide.body).result.structuredContent.mcp.url).toBe('https://abc.lambda-url.eu-west-1.on.aws/mcp');
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });
});
