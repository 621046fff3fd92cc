import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { startWarmup } from '../../shared/mailing/senders/lifecycle.js';
import { accountIdPath } from '../../shared/mailing/senders/schema.js';
import { WarmupSchema } from '../../shared/mailing/senders/warmup.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_warmupStart',
  method: 'POST',
  path: '/api/email-accounts/{id}/warmup/start',
  tag: 'senders',
  summary: 'Start (or restart) the warm-up ramp of a mailbox',
  description:
    'A linear daily ramp the send engine obeys as the daily cap: day 1 = startPerDay (default 10), +increasePerDay (5) each UTC day, up to maxPerDay (50), which then stays. Restarting begins again at day 1. The answer previews 14 days.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: accountIdPath, body: WarmupSchema.optional() },
  output: z.looseObject({
    accountId: z.string(),
    warmup: z.looseObject({ startPerDay: z.number(), increasePerDay: z.number(), maxPerDay: z.number() }),
    warmupStartedAt: z.string(),
    todayCap: z.number().nullable(),
    ramp: z.array(z.looseObject({ day: z.number(), cap: z.number() })),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => startWarmup(ctx.deps, requireTenant(ctx).table, path.id, WarmupSchema.parse(body ?? {})),
  guidance: (r) => ({
    next: 'EmailAccountsController_relayHealth',
    why: `Today's cap is ${r.todayCap}; relay health shows the use.`,
    check: `GET /api/email-accounts/${r.accountId}/relay-health`,
  }),
});
export const handler = lambdaHandler(operation);
