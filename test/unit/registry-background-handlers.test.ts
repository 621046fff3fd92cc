import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudFormationCustomResourceEvent, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceHandler, sqsWorker } from '../../functions/background-handlers.js';
import { defineOnce, defineWorker } from '../../shared/platform/registry/background.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

// The SQS consumer of every declared worker's Lambda; its deps are handed in here instead of built from AWS.
const event = (bodies: unknown[]) =>
  ({ Records: bodies.map((b, i) => ({ messageId: `m${i}`, body: JSON.stringify(b), attributes: {} })) }) as unknown as SQSEvent;

describe('sqsWorker', () => {
  for (const parallel of [false, true])
    it(`reports only the records that threw (${parallel ? 'parallel' : 'one after the other'}), after handling every record`, async () => {
      const deps = {} as Deps;
      const seen: number[] = [];
      const worker = defineWorker<{ n: number }>({
        ...{ name: 'test_worker', tag: 'test', queue: 'test', visibility: 60, maxReceives: 3, batchSize: 4, concurrency: 2, timeout: 30, resources: [] },
        parallel,
        async handler(d, m) {
          expect(d).toBe(deps);
          seen.push(m.n);
          if (m.n % 2) throw new Error(`odd ${m.n}`);
        },
      });
      const handler = sqsWorker(worker, async () => deps);
      const out = await handler(event([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]));
      expect(seen.sort()).toEqual([0, 1, 2, 3]);
      expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m1', 'm3']);
    });
});

// The once job's Lambda answers CloudFormation itself: here the presigned S3 URL is a loopback server recording the PUT.
describe('onceHandler', () => {
  let server: Server;
  const answers: { method?: string; contentType?: string; body: Record<string, any> }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        answers.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(body) });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const event = (RequestType: string) =>
    ({
      RequestType,
      ResponseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`,
      StackId: 'stack-1',
      RequestId: `req-${RequestType}`,
      LogicalResourceId: 'DataMigrationsRun',
      ResourceType: 'Custom::DataMigrations',
      ServiceToken: 'arn:fn',
      ResourceProperties: { ServiceToken: 'arn:fn', RunKey: 'a' },
      ...(RequestType === 'Create' ? {} : { PhysicalResourceId: 'DataMigrationsRun' }),
    }) as unknown as CloudFormationCustomResourceEvent;
  const job = (fn: () => Promise<unknown>) =>
    defineOnce({
      name: 'test_once',
      tag: 'test',
      runKey: 'a',
      timeout: 900,
      resources: [],
      handler: async (_d, o) => (expect(o.keepGoing()).toBe(true), fn()),
    });
  const context = { getRemainingTimeInMillis: () => 600_000 };

  it('runs the job on Create and Update and answers SUCCESS with its outcome; Delete is answered without running it', async () => {
    let runs = 0;
    const handler = onceHandler(
      job(async () => ({ complete: ++runs > 1 })),
      async () => ({}) as Deps,
    );
    await handler(event('Create'), context);
    await handler(event('Update'), context);
    await handler(event('Delete'), context);
    expect(runs).toBe(2);
    expect(answers.splice(0).map((a) => [a.method, a.contentType, a.body.Status, a.body.RequestId, a.body.PhysicalResourceId, a.body.Data])).toEqual([
      ['PUT', '', 'SUCCESS', 'req-Create', 'DataMigrationsRun', { complete: 'false' }],
      ['PUT', '', 'SUCCESS', 'req-Update', 'DataMigrationsRun', { complete: 'true' }],
      ['PUT', '', 'SUCCESS', 'req-Delete', 'DataMigrationsRun', {}],
    ]);
  });

  it('a failing job does not fail the deploy: SUCCESS, complete false, the reason said; invoked by hand it answers the outcome', async () => {
    await onceHandler(
      job(async () => {
        throw new Error('table busy');
      }),
      async () => ({}) as Deps,
    )(event('Update'), context);
    expect(answers.splice(0)[0].body).toMatchObject({ Status: 'SUCCESS', Data: { complete: 'false' }, Reason: expect.stringContaining('table busy') });
    expect(
      await onceHandler(
        job(async () => ({ complete: true, tenants: 3 })),
        async () => ({}) as Deps,
      )({}, context),
    ).toEqual({ complete: true, tenants: 3 });
    expect(answers).toEqual([]);
  });
});
