import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';
import { v1_healthOutput } from './outputs.js';

/** A store that has not answered by then is reported unavailable: a hung store must not hang the probe. */
const PROBE_TIMEOUT_MS = 3000;
/** What a degraded answer asks a client to wait: a local DynamoDB restart or an AWS throttling spell. */
const RETRY_AFTER_SECONDS = 5;

export const operation = defineOperation({
  operationId: 'v1_health',
  method: 'GET',
  path: '/v1/health',
  tag: 'identity',
  summary: 'Service liveness',
  description:
    'No credentials. Answers 200 {status:"ok", version, time, checks:{database:"ok"}} when the platform table answers, else 503 with status "degraded", checks naming the dependency that is down (database:"unavailable") and Retry-After.',
  output: v1_healthOutput,
  access: 'public',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'unavailable'>((resolve) => (timer = setTimeout(() => resolve('unavailable'), PROBE_TIMEOUT_MS)));
    const probe = ctx.deps.platform.get({ pk: 'HEALTH', sk: 'HEALTH' }).then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    const database = await Promise.race([probe, timedOut]).finally(() => clearTimeout(timer));
    const body = { status: database === 'ok' ? 'ok' : 'degraded', version: '1.0.0', time: new Date(ctx.deps.clock.now()).toISOString(), checks: { database } };
    return database === 'ok' ? respond(200, body) : respond(503, body, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  },
});

export const handler = lambdaHandler(operation);
