import { defineOperation, respond } from '../../shared/registry/operation.js';
import { lambdaHandler } from '../lambda.js';
import { v1_healthOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'v1_health',
  method: 'GET',
  path: '/v1/health',
  tag: 'identity',
  summary: 'Service liveness',
  description: 'No credentials. Answers 200 {status:"ok", version, time, checks:{database}} when the platform table answers, else 503 with status "degraded".',
  output: v1_healthOutput,
  access: 'public',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => {
    let database = 'ok';
    try {
      await ctx.deps.platform.get({ pk: 'HEALTH', sk: 'HEALTH' });
    } catch {
      database = 'unavailable';
    }
    const body = { status: database === 'ok' ? 'ok' : 'degraded', version: '1.0.0', time: new Date(ctx.deps.clock.now()).toISOString(), checks: { database } };
    return respond(database === 'ok' ? 200 : 503, body);
  },
});

export const handler = lambdaHandler(operation);
