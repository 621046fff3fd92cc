import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { executeOperation } from '../../shared/platform/http/pipeline.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { bindLogScope, log, withLogScope } from '../../shared/platform/runtime/logger.js';
import { scheduleHandler, sqsWorker } from '../../functions/background-handlers.js';
import { defineSchedule, defineWorker } from '../../shared/platform/registry/background.js';

/**
 * Request-scoped logs: every line written during a request carries its ids, from any module; no secrets.
 * The level is the deps' (`config.logLevel`, built by the composition root), carried by the scope: no
 * process-wide setting, so two runtimes in one process keep their own levels.
 */
let lines: Record<string, unknown>[];
beforeEach(() => {
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(JSON.parse(String(chunk))), true));
});
afterEach(() => vi.restoreAllMocks());

const depsAt = (LOG_LEVEL: string) => ({ config: configFromEnv({ SVC_RUNTIME: 'local', LOG_LEVEL }) }) as Deps;

const event = (path: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `GET ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: 'GET', path, sourceIp: '127.0.0.1' } },
  }) as never;

describe('request-scoped logging', () => {
  it('binds requestId, operationId, channel and later fields to every line of the scope, child fields too', async () => {
    await withLogScope({ fields: { requestId: 'r1', operationId: 'op' } }, async () => {
      log.info('first');
      await new Promise((r) => setTimeout(r, 1));
      bindLogScope({ tenantId: 't1' });
      log.child({ step: 2 }).warn('second', { apiKey: 'svc_pk_secret', nested: { password: 'p' } });
    });
    log.info('outside');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'first', requestId: 'r1', operationId: 'op' });
    expect(lines[1]).toMatchObject({
      level: 'warn',
      msg: 'second',
      requestId: 'r1',
      operationId: 'op',
      tenantId: 't1',
      step: 2,
      apiKey: '[redacted]',
      nested: { password: '[redacted]' },
    });
    expect(lines[2]).not.toHaveProperty('requestId');
  });

  it('the pipeline opens the scope: an unhandled error is logged with its request and operation, and hands ctx.log to the handler', async () => {
    const out = await executeOperation(depsAt('info'), boom, event('/synthetic/boom'));
    expect(out.status).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'in handler', requestId: 'req-1', operationId: 'synthetic_boom', channel: 'http' }),
      expect.objectContaining({ level: 'error', msg: 'unhandled error', requestId: 'req-1', operationId: 'synthetic_boom', message: 'boom' }),
    ]);
  });

  it("honours the deps' level in a request, and two deps of different levels at once keep their own", async () => {
    const [quiet, loud] = await Promise.all([
      executeOperation(depsAt('error'), boom, event('/synthetic/boom')),
      executeOperation(depsAt('debug'), boom, event('/synthetic/boom')),
    ]);
    expect([quiet.status, loud.status]).toEqual([500, 500]);
    // The error-level request drops its handler's info line and keeps the unhandled error; the other keeps both.
    expect(lines.filter((l) => l.msg === 'in handler')).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toHaveLength(2);
    log.info('outside any scope'); // LOG_LEVEL's default applies there, whatever the requests ran with
    expect(lines.at(-1)).toMatchObject({ msg: 'outside any scope' });
    expect(lines.at(-1)).not.toHaveProperty('requestId');
  });

  it("honours the level of a scope, and background work runs at its deps' level with its name on every line", async () => {
    withLogScope({ level: 'warn' }, () => {
      log.info('dropped');
      log.error('kept');
    });
    const quietSchedule = defineSchedule({
      name: 'synthetic_tick',
      tag: 't',
      every: { minutes: 1 },
      timeout: 10,
      resources: [],
      handler: async () => log.warn('tick'),
    });
    await scheduleHandler(quietSchedule, async () => depsAt('error'))();
    const worker = defineWorker<{ n: number }>({
      name: 'synthetic_worker',
      tag: 't',
      queue: 'q',
      visibility: 20,
      timeout: 10,
      maxReceives: 3,
      batchSize: 1,
      concurrency: 2,
      resources: [],
      handler: async (_deps, m) => log.info('message', { n: m.n }),
    });
    await sqsWorker(worker, async () => depsAt('info'))({ Records: [{ messageId: 'm1', body: JSON.stringify({ n: 1 }) }] } as never);
    expect(lines).toEqual([expect.objectContaining({ msg: 'kept' }), expect.objectContaining({ msg: 'message', n: 1, background: 'synthetic_worker' })]);
  });
});

const boom = defineOperation({
  operationId: 'synthetic_boom',
  method: 'GET',
  path: '/synthetic/boom',
  tag: 'synthetic',
  summary: 's',
  description: 'd',
  access: 'public',
  input: {},
  handler: async (_i, ctx): Promise<unknown> => {
    ctx.log.info('in handler');
    throw new Error('boom');
  },
});
