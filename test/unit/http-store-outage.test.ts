import {
  DynamoDBServiceException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { operation as health } from '../../functions/identity/v1_health.js';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { executeOperation } from '../../shared/platform/http/pipeline.js';
import { callTool } from '../../shared/platform/mcp/call.js';
import { ConditionFailed, StoreUnavailable } from '../../shared/platform/ports/table-store.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

// Throttling and DynamoDB's own 5xx cannot be produced by DynamoDB Local, so the document client's
// answers are mocked here (aws-sdk-client-mock, with the SDK's own exception classes); the real
// outage (DynamoDB Local killed under a running runtime) is test/integration/local-dynamodb-supervision.test.ts.
const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });
const throttled = [
  new ProvisionedThroughputExceededException({ message: 'The level of configured provisioned throughput for the table was exceeded', ...meta(400) }),
  new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput', ...meta(400) }),
  new RequestLimitExceeded({ message: 'Throughput exceeds the current throughput limit for your account', ...meta(400) }),
];
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED', $metadata: {} });
const unreachable = [
  new InternalServerError({ message: 'Internal server error', ...meta(500) }),
  new DynamoDBServiceException({ name: 'ServiceUnavailable', $fault: 'server', message: 'Service unavailable', ...meta(503) }),
  refused(),
  Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  Object.assign(new Error('Connection timed out after 1000 ms'), { name: 'TimeoutError' }),
];

const store = () => new DynamoTableStore(createDocumentClient({ endpoint: 'http://127.0.0.1:9' }), 'platform');

describe('the DynamoDB adapter names an outage StoreUnavailable', () => {
  it.each(throttled.map((e) => [e.name, e]))('%s on a read is a throttled store', async (_name, err) => {
    ddb.on(GetCommand).rejects(err);
    const e = await store()
      .get({ pk: 'A', sk: 'B' })
      .catch((x) => x);
    expect(e).toBeInstanceOf(StoreUnavailable);
    expect(e).toMatchObject({ reason: 'throttled', retryAfterSeconds: 1, cause: err });
  });

  it.each(unreachable.map((e) => [e.name, e]))('%s on a query or a write is an unreachable store', async (_name, err) => {
    ddb.on(QueryCommand).rejects(err);
    ddb.on(PutCommand).rejects(err);
    await expect(store().query({ pk: 'A' })).rejects.toMatchObject({ name: 'StoreUnavailable', reason: 'unreachable', retryAfterSeconds: 5 });
    await expect(store().put({ pk: 'A', sk: 'B' })).rejects.toBeInstanceOf(StoreUnavailable);
  });

  it('a transaction cancelled for throttling is throttled; a failed condition and contention stay what they are', async () => {
    const cancelled = (...codes: string[]) =>
      new TransactionCanceledException({ message: 'Transaction cancelled', CancellationReasons: codes.map((Code) => ({ Code })), ...meta(400) });
    const tx = [{ put: { pk: 'A', sk: 'B' } }];
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ThrottlingError'));
    await expect(store().transact(tx)).rejects.toMatchObject({ name: 'StoreUnavailable', reason: 'throttled' });
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(store().transact(tx)).rejects.toBeInstanceOf(ConditionFailed);
    // DynamoDB Local's lock-wait timeout is contention that callers retry (imports/writer.ts): not an outage.
    ddb.on(TransactWriteCommand).rejects(new InternalServerError({ message: 'timed out because it too long waiting for a lock', ...meta(500) }));
    await expect(store().transact(tx)).rejects.toMatchObject({ name: 'InternalServerError' });
  });

  it('a client error stays a client error', async () => {
    const invalid = new DynamoDBServiceException({
      name: 'ValidationException',
      $fault: 'client',
      message: 'One or more parameter values were invalid',
      ...meta(400),
    });
    ddb.on(GetCommand).rejects(invalid);
    await expect(store().get({ pk: 'A', sk: 'B' })).rejects.toBe(invalid);
  });
});

const event = (path: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `GET ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: 'GET', path, sourceIp: '203.0.113.9' } },
  }) as never;

const deps = () =>
  ({ config: configFromEnv({ SVC_RUNTIME: 'local', LOG_LEVEL: 'silent' }), clock: new AdjustableClock(), platform: store() }) as unknown as Deps;

/** A public operation that reads the platform table (the pipeline's and MCP's answer to a store error). */
const readsStore = defineOperation({
  operationId: 'synthetic_store_read',
  method: 'GET',
  path: '/synthetic/store-read',
  tag: 'synthetic',
  summary: 's',
  description: 'd',
  access: 'public',
  input: {},
  hints: { readOnly: true },
  handler: async (_i, ctx) => ({ found: Boolean(await ctx.deps.platform.get({ pk: 'X', sk: 'Y' })) }),
});

describe('a store outage answers 503 with Retry-After, never a 500', () => {
  it('HTTP: throttling is 503 with Retry-After 1 in the error family shape, no stack', async () => {
    ddb.on(GetCommand).rejects(throttled[0]);
    const out = await executeOperation(deps(), readsStore, event('/synthetic/store-read'));
    expect(out.status).toBe(503);
    expect(out.headers['retry-after']).toBe('1');
    expect(out.body).toEqual({ statusCode: 503, message: expect.stringMatching(/data store is busy/), error: 'Service Unavailable' });
    expect(JSON.stringify(out.body)).not.toMatch(/at .*\.ts|Throughput|Exception/);
  });

  it('HTTP: an unreachable store is 503 with Retry-After 5', async () => {
    ddb.on(GetCommand).rejects(refused());
    const out = await executeOperation(deps(), readsStore, event('/synthetic/store-read'));
    expect(out).toMatchObject({ status: 503, headers: { 'retry-after': '5' }, body: { statusCode: 503, error: 'Service Unavailable' } });
    expect(JSON.stringify(out.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it('MCP: the tool call is an error result carrying the 503 and its Retry-After', async () => {
    ddb.on(GetCommand).rejects(throttled[1]);
    const r = await callTool(deps(), [readsStore], readsStore, {}, event('/mcp'), { guidance: true });
    expect(r.isError).toBe(true);
    expect(r._meta).toMatchObject({ 'svc/status': 503, 'svc/retryAfter': 1 });
    expect(JSON.parse(r.content[0].text)).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  });

  it('/v1/health passes its rate zone the store cannot count and names the store: 503 degraded, database unavailable', async () => {
    ddb.onAnyCommand().rejects(refused());
    const out = await executeOperation(deps(), health, event('/v1/health'));
    expect(out.status).toBe(503);
    expect(out.headers['retry-after']).toMatch(/^\d+$/);
    expect(out.body).toMatchObject({ status: 'degraded', version: '1.0.0', checks: { database: 'unavailable' } });
  });
});
