import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emitBesideBundle, lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { operationById, operationEntry, operations } from '../../functions/registry.js';
import { buildAgentCard } from '../../shared/platform/registry/agent-card.js';
import { buildOpenApi } from '../../shared/platform/registry/openapi.js';
import { buildAgentGuide } from '../../shared/platform/agent/guide.js';
import { operationResources } from '../../shared/platform/registry/operation.js';
import { localDeps } from '../../infra/local/local-deps.js';
import { contentRulesCallable } from '../../shared/mailing/content-check/background.js';
import { createApprovedAccount } from '../support/accounts.js';
import { shippedInputs } from '../support/bundle-inputs.js';

/**
 * Operation Lambdas as deployed: bundled with the house esbuild options (ESM, minified, @aws-sdk
 * external), loaded in this process with the deployed environment (mode aws), and called with API
 * Gateway v2 events against DynamoDB Local. Catches what only the bundle can break (module init
 * order, missing externals, env handling).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(ROOT, '.tmp', 'op-bundles-'));
const prefix = `bundle${Date.now().toString(36)}-`;
let account: Awaited<ReturnType<typeof createApprovedAccount>>;
const saved = { ...process.env };

beforeAll(async () => {
  const env = {
    TABLE_PREFIX: prefix,
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
    SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    AWS_REGION: 'eu-west-1',
    PUBLIC_BASE_URL: 'https://api.example.com',
  };
  // Tables and a tenant created by the local runtime's own services, then read by the bundles.
  account = await createApprovedAccount(await localDeps(env.AWS_ENDPOINT_URL_DYNAMODB, { ...process.env, ...env }));
  // Deployed functions send platform mail through SES only (a PLATFORM_SMTP_URL would fail them at start).
  Object.assign(process.env, env);
  delete process.env.PLATFORM_SMTP_URL;
  delete process.env.SVC_RUNTIME;
});
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  rmSync(dir, { recursive: true, force: true });
});

const bundledPackages = new Map<string, string[]>();
const bundledFiles = new Map<string, string[]>();
/**
 * The AWS SDK clients a fresh Node process has loaded once it imported the bundle (what a cold start
 * evaluates; the runtime provides them). The adapters load the DynamoDB SDK with require(), which a
 * metafile does not show, so this asks Node's CommonJS cache, where imported CommonJS lands as well.
 */
function sdkClientsAtInit(outfile: string) {
  const script = `await import(${JSON.stringify(pathToFileURL(outfile).href)});
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(import.meta.url).cache).flatMap((f) => f.match(/node_modules\\/(@aws-sdk\\/(?:client|lib)-[^/]+)/)?.[1] ?? []);
    console.log(JSON.stringify([...new Set(loaded)].sort()));`;
  const r = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
    env: process.env,
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim()) as string[];
}
const bundleFiles = new Map<string, string>();

async function bundled(operationId: string) {
  const op = operationById.get(operationId)!;
  const outfile = path.join(dir, `${operationId}.mjs`);
  const { metafile } = await build({ ...lambdaEsbuildOptions(path.join(ROOT, operationEntry(op)), operationResources(op)), outfile, metafile: true });
  await emitBesideBundle(outfile, operationResources(op));
  const { files, packages } = shippedInputs(metafile!);
  bundledPackages.set(operationId, [...packages]);
  bundledFiles.set(operationId, files);
  bundleFiles.set(operationId, outfile);
  // `import * as z from 'zod'` lets esbuild drop zod's other locales (~258 KB); `import { z }` would pull them all in.
  expect(
    files.filter((p) => /zod\/v4\/locales\/(?!en\.)/.test(p)),
    operationId,
  ).toEqual([]);
  return (await import(pathToFileURL(outfile).href)).handler as (e: APIGatewayProxyEventV2, c?: unknown) => Promise<{ statusCode: number; body?: string }>;
}

/** A callable's Lambda entry bundled as deployed, and its handler (what the Lambda runtime calls with the request). */
async function callableBundle(entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) {
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({ ...lambdaEsbuildOptions(path.join(ROOT, entry), resources), outfile });
  await emitBesideBundle(outfile, resources);
  return (await import(pathToFileURL(outfile).href)).handler as (request: unknown) => Promise<unknown>;
}

const event = (
  method: string,
  routePath: string,
  rawPath: string,
  opts: { body?: unknown; key?: string; query?: Record<string, string>; pathParameters?: Record<string, string> } = {},
): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `${method} ${routePath}`,
    rawPath,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    isBase64Encoded: false,
    queryStringParameters: opts.query,
    pathParameters: opts.pathParameters,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    headers: { 'content-type': 'application/json', ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}) },
    requestContext: {
      http: { method, path: rawPath, sourceIp: `203.0.113.${Math.floor(Math.random() * 200) + 1}`, protocol: 'HTTP/1.1', userAgent: 't' },
      requestId: 'r',
    },
  }) as never;

describe('operation Lambda bundles', () => {
  it('v1_signup and v1_me work from their bundles', async () => {
    const signup = await bundled('v1_signup');
    const created = await signup(event('POST', '/v1/signup', '/v1/signup', { body: { email: `bundle-${Date.now()}@example.com` } }), {});
    expect(created.statusCode).toBe(201);
    const key = JSON.parse(created.body!).api_key;
    const me = await bundled('v1_me');
    const profile = await me(event('GET', '/v1/me', '/v1/me', { key }), {});
    expect(profile.statusCode).toBe(200);
    expect(JSON.parse(profile.body!)).toMatchObject({ flow: 'sandbox', quota: { monthly: 500 } });
    const bad = await signup(event('POST', '/v1/signup', '/v1/signup', { body: { email: 'x@example.com', extra: 1 } }), {});
    expect(JSON.parse(bad.body!)).toMatchObject({ statusCode: 400, message: ['property extra should not exist'] });
    // Platform mail goes through SES when deployed: no function carries an SMTP transport for it, not even one that mails.
    expect(bundledPackages.get('v1_signup')).not.toContain('nodemailer');
    expect(bundledPackages.get('v1_me')).not.toContain('nodemailer');
    // Every bundle's deps name SQS, SES, Step Functions and S3, but their clients load on first use: a cold start evaluates DynamoDB's only.
    for (const id of ['v1_signup', 'v1_me']) expect(sdkClientsAtInit(bundleFiles.get(id)!), id).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
  });

  it('companies_create and companies_list work from their bundles in the tenant table', async () => {
    const create = await bundled('companies_create');
    const made = await create(
      event('POST', '/api/companies', '/api/companies', { key: account.apiKey, body: { name: 'Bundled Ltd', domain: 'bundled.example' } }),
      {},
    );
    expect(made.statusCode).toBe(201);
    const list = await bundled('companies_list');
    const page = await list(event('GET', '/api/companies', '/api/companies', { key: account.apiKey, query: { pageSize: '10' } }), {});
    expect(page.statusCode).toBe(200);
    expect(JSON.parse(page.body!).data.map((c: { name: string }) => c.name)).toContain('Bundled Ltd');
    const denied = await list(event('GET', '/api/companies', '/api/companies', {}), {});
    expect(JSON.parse(denied.body!)).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });

  // Issue 25: reading mailboxes is the inbox worker's; the operation queues a job and carries no IMAP, MIME or HTML library.
  it('dialogs_sync answers a job and dialogs_sync_status reads it, from bundles without imapflow, mailparser or html-to-text', async () => {
    const sync = await bundled('dialogs_sync');
    const started = await sync(event('POST', '/api/dialogs/sync', '/api/dialogs/sync', { key: account.apiKey, body: {} }), {});
    expect(started.statusCode).toBe(202);
    const job = JSON.parse(started.body!);
    // A new workspace has no mailbox: nothing to queue, so the job is complete at once.
    expect(job).toMatchObject({ status: 'completed', mailboxes: 0, data: [] });
    const status = await bundled('dialogs_sync_status');
    const read = await status(
      event('GET', '/api/dialogs/sync/{jobId}', `/api/dialogs/sync/${job.jobId}`, { key: account.apiKey, pathParameters: { jobId: job.jobId } }),
      {},
    );
    expect(read.statusCode).toBe(200);
    expect(JSON.parse(read.body!)).toMatchObject({ jobId: job.jobId, status: 'completed', mailboxes: 0 });
    const unknown = await sync(event('POST', '/api/dialogs/sync', '/api/dialogs/sync', { key: account.apiKey, body: { accountId: 'nope' } }), {});
    expect(unknown.statusCode).toBe(404);
    for (const id of ['dialogs_sync', 'dialogs_sync_status'])
      for (const pkg of ['imapflow', 'mailparser', 'nodemailer', 'html-to-text', 'cheerio']) expect(bundledPackages.get(id), id).not.toContain(pkg);
  });

  // Issue 27: HTML is parsed in worker threads, which in a Lambda run the function's own bundle (shared/platform/html/off-thread.ts);
  // the content check's parsing is in its callable's bundle (issue 25).
  it('detect-forms and the content check parse in worker threads started from their bundles', async () => {
    const detect = await bundled('site_enrichment_detect_forms');
    const forms = (html: string) =>
      detect(event('POST', '/api/site-enrichment/detect-forms', '/api/site-enrichment/detect-forms', { key: account.apiKey, body: { html } }), {});
    const found = await forms('<form action="/contact"><textarea name="message"></textarea><input name="email"></form>');
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.parse(found.body!)).toMatchObject({ hasForm: true, hasContactForm: true });
    const deep = await forms('<div>'.repeat(40_000));
    expect(deep.statusCode).toBe(400);
    expect(JSON.parse(deep.body!).message).toEqual([expect.stringMatching(/^html: elements are nested more than 512 levels deep/)]);
    // The check's rules run in the callable content_rules: its own bundle, invoked through the Lambda API (a loopback stand-in here).
    const rules = await callableBundle('functions/creatives/content_rules.ts', contentRulesCallable.resources);
    const lambdaApi = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const invoked = /^\/2015-03-31\/functions\/content-rules\/invocations$/.test(req.url ?? '');
        const answer = invoked ? rules(JSON.parse(body)) : Promise.reject(new Error(`no function at ${req.url}`));
        answer.then(
          (a) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a)),
          (e: Error) => res.writeHead(200, { 'x-amz-function-error': 'Unhandled' }).end(JSON.stringify({ errorMessage: e.message })),
        );
      });
    });
    await new Promise<void>((resolve) => lambdaApi.listen(0, '127.0.0.1', resolve));
    process.env.AWS_ENDPOINT_URL_LAMBDA = `http://127.0.0.1:${(lambdaApi.address() as AddressInfo).port}`;
    process.env.FUNCTION_NAME_CONTENT_RULES = 'content-rules';
    // The stand-in checks no signature; the SDK only needs some credentials to sign with.
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'stand-in', AWS_SECRET_ACCESS_KEY: 'stand-in' });
    const check = await bundled('ContentAnalyzerController_check');
    expect(bundledPackages.get('ContentAnalyzerController_check')).not.toContain('tldts');
    const checked = await check(
      event('POST', '/api/content-analyzer/check', '/api/content-analyzer/check', {
        key: account.apiKey,
        body: { subject: 'Hello', bodyHtml: '<p>Hi, <a href="https://bit.ly/x">click here</a></p>' },
      }),
      {},
    );
    expect(checked.statusCode, checked.body).toBe(200);
    expect(JSON.parse(checked.body!).hits.map((h: { rule: string }) => h.rule)).toContain('url_shortener');
    const tooDeep = await check(
      event('POST', '/api/content-analyzer/check', '/api/content-analyzer/check', {
        key: account.apiKey,
        body: { subject: 'Hello', bodyHtml: '<div>'.repeat(40_000) },
      }),
      {},
    );
    expect(tooDeep.statusCode, tooDeep.body).toBe(400);
    expect(JSON.parse(tooDeep.body!).message).toEqual([expect.stringMatching(/^bodyHtml: /)]);
    lambdaApi.close();
  });

  // Issue 25: the three discovery functions read the data the build wrote beside them; the answers are byte for byte what the registry gives live.
  it('serves the agent card, OpenAPI and the agent guide from the build-time data, identical to the registry computed live, without bundling the registry', async () => {
    const base = process.env.PUBLIC_BASE_URL!;
    const live: Record<string, unknown> = {
      discovery_agent_card: buildAgentCard(operations, base),
      discovery_openapi: buildOpenApi(operations, base),
      agent_guide_get: buildAgentGuide(operations, { mcpUrl: `${base}/mcp` }),
    };
    for (const [operationId, expected] of Object.entries(live)) {
      const op = operationById.get(operationId)!;
      const handler = await bundled(operationId);
      const answer = await handler(event(op.method, op.path, op.path), {});
      expect(answer.statusCode, operationId).toBe(200);
      expect(answer.body, operationId).toBe(JSON.stringify(expected));
      // Not one other operation's file is in the bundle.
      expect(
        bundledFiles.get(operationId)!.filter((f) => /^functions\/(?!lambda\.ts)/.test(f) && !f.startsWith(`functions/${op.tag}/`)),
        operationId,
      ).toEqual([]);
    }
  });
});
