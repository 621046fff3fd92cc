import * as z from 'zod';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { badRequest } from '../../shared/platform/errors.js';
import { lambdaHandler } from '../lambda.js';
import { local_clock_advanceOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'local_clock_advance',
  method: 'POST',
  path: '/_local/clock',
  tag: 'local',
  summary: 'Move the local clock forward',
  description:
    'Local runtime only (404 when deployed). Body {advanceMs} (0..400 days); every expiry, limit and workflow reads this clock. Answers {now, offsetMs}.',
  output: local_clock_advanceOutput,
  access: 'public',
  localOnly: true,
  mcp: false,
  input: {
    body: z.strictObject({
      advanceMs: z
        .number()
        .int()
        .min(0)
        .max(400 * 86_400_000),
    }),
  },
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const clock = ctx.deps.clock;
    if (!(clock instanceof AdjustableClock)) throw badRequest(['clock is not adjustable in this runtime']);
    const now = clock.advance(body.advanceMs);
    return { now: new Date(now).toISOString(), offsetMs: clock.offset };
  },
});

export const handler = lambdaHandler(operation);
