import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { executeOperation } from '../../shared/http/pipeline.js';
import { defineOperation } from '../../shared/registry/operation.js';
import { configFromEnv } from '../../shared/runtime/config.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { bindLogScope, configureLogging, log, withLogScope } from '../../shared/runtime/logger.js';

/** Request-scoped logs: every line written during a request carries its ids, from any module; no secrets. */
let lines: Record<string, unknown>[];
beforeEach(() => {
  lines = [];
  configureLogging({ level: 'info' });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(JSON.parse(String(chunk))), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  configureLogging({ level: 'silent' });
});

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
    await withLogScope({ requestId: 'r1', operationId: 'op' }, async () => {
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
    const op = defineOperation({
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
    const deps = { config: configFromEnv({ SVC_RUNTIME: 'local' }) } as Deps;
    const out = await executeOperation(deps, op, event('/synthetic/boom'));
    expect(out.status).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'in handler', requestId: 'req-1', operationId: 'synthetic_boom', channel: 'http' }),
      expect.objectContaining({ level: 'error', msg: 'unhandled error', requestId: 'req-1', operationId: 'synthetic_boom', message: 'boom' }),
    ]);
  });

  it('honours the level', () => {
    configureLogging({ level: 'warn' });
    log.info('dropped');
    log.error('kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
  });
});
