import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Function as LambdaFunction, Runtime, type Code } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { mcpCode, mcpServer } from '../../infra/aws/mcp.js';
import { MCP_TOOLS_FILE } from '../../shared/platform/mcp/catalog-file.js';
import { DISCOVERY_DATA_FILE } from '../../shared/platform/registry/discovery-data-file.js';

/**
 * The MCP construct on its own stack (the house `ctx.lambda` shape, bundling skipped), so it is
 * checked independently of the size of the whole API stack.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let template: Template;
let granted: readonly string[] | undefined = [];
let fnIds: Record<string, string> = {};
let mcpCodeGiven: Code | undefined;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const functions = new Map<string, NodejsFunction>();
  const stack = Object.assign(new Stack(app, 'McpOnly', { env: { account: '123456789012', region: 'eu-west-1' } }), {
    functions,
    operationFunction: (id: string) => functions.get(id)!,
  });
  const lambda = (id: string, entry: string, opts: { timeout?: never; memorySize?: number; resources?: readonly string[]; code?: Code } = {}) => {
    if (id === 'McpServer') [granted, mcpCodeGiven] = [opts.resources, opts.code];
    if (opts.code)
      return new LambdaFunction(stack, id, {
        code: opts.code,
        handler: 'index.handler',
        runtime: Runtime.NODEJS_22_X,
        timeout: opts.timeout,
        memorySize: opts.memorySize,
      });
    return new NodejsFunction(stack, id, {
      entry: path.join(ROOT, entry),
      runtime: Runtime.NODEJS_22_X,
      timeout: opts.timeout,
      memorySize: opts.memorySize,
      projectRoot: ROOT,
      depsLockFilePath: path.join(ROOT, 'package-lock.json'),
    });
  };
  for (const id of ['discovery_agent_card', 'agent_guide_get'])
    stack.functions.set(id, lambda(`Op_${id}`, `functions/${id.startsWith('agent') ? 'agent' : 'discovery'}/${id}.ts`));
  mcpServer(stack, { lambda: lambda as never }, new HttpApi(stack, 'Api'));
  template = Template.fromStack(stack);
  fnIds = Object.fromEntries([...stack.functions].map(([k, f]) => [k, stack.getLogicalId(f.node.defaultChild as never)]));
});

describe('MCP function in CDK', () => {
  it('is its own Node 22 Lambda behind a function URL (auth in the app, like the HTTP API)', () => {
    const urls = Object.values(template.findResources('AWS::Lambda::Url'));
    expect(urls).toHaveLength(1);
    expect(urls[0].Properties).toMatchObject({ AuthType: 'NONE', InvokeMode: 'BUFFERED' });
    const fnId = urls[0].Properties.TargetFunctionArn['Fn::GetAtt'][0] as string;
    expect(fnId).toMatch(/^McpServer/);
    expect(template.findResources('AWS::Lambda::Function')[fnId].Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 60, MemorySize: 1024 });
  });

  it('gets the resources of the operations it runs (tenant tables included)', () => {
    expect(granted).toContain('tenantTables');
  });

  it('is also the /mcp route of the HTTP API (the web app origin), which the card and guide publish; the function URL is an output', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    for (const id of Object.values(fnIds)) expect(fns[id].Properties.Environment?.Variables?.MCP_URL).toBeUndefined();
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes).toEqual(['ANY /mcp']);
    template.hasOutput('McpUrl', { Value: Match.anyValue() });
  });
});

describe('MCP function code', () => {
  const outdir = mkdtempSync(path.join(ROOT, '.tmp', 'mcp-cdk-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('is the code-split build with the catalogue and discovery data beside it, as synth stages it', () => {
    // A Code of its own (ctx.lambda then skips the single-file NodejsFunction build).
    expect(mcpCodeGiven).toBeDefined();
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['McpBundled'] } });
    const stack = new Stack(app, 'McpBundled', { env: { account: '123456789012', region: 'eu-west-1' } });
    const fn = new LambdaFunction(stack, 'McpServer', { code: mcpCode(), handler: 'index.handler', runtime: Runtime.NODEJS_22_X });
    app.synth();
    const staged = readdirSync(path.join(outdir, (fn.node.findChild('Code') as Asset).assetPath));
    expect(staged).toEqual(expect.arrayContaining(['index.mjs', MCP_TOOLS_FILE, DISCOVERY_DATA_FILE]));
    // One chunk per operation it may run, at least, beside the entry.
    expect(staged.filter((f) => f.endsWith('.mjs')).length).toBeGreaterThan(200);
  }, 180_000);
});
