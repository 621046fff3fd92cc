import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { skipExecute, SKIP_MAX } from '../../shared/mailing/campaigns/outbox.js';
import { lambdaHandler } from '../lambda.js';
import { outboxSkipOutput } from './outbox-outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_outbox_skip',
  method: 'POST',
  path: '/api/dialogs/outbox/skip',
  tag: 'dialogs',
  summary: 'Skip queued sends of a preview snapshot',
  description: `Body {snapshot, reason, cursor?, excludeIds?}: up to ${SKIP_MAX} per call; nextCursor resumes. Each QUEUED send becomes SKIPPED (reason manual_skip). Replay after a 429 is safe: already skipped ones are reported, never counted twice.`,
  access: 'tenant',
  scope: 'dialogs:write',
  input: {
    body: z.strictObject({
      snapshot: z.string().min(1).max(64),
      reason: z.string().trim().min(1).max(500),
      cursor: z.string().max(20).optional(),
      excludeIds: z.array(z.string().max(130)).max(SKIP_MAX).default([]),
    }),
  },
  output: outboxSkipOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => skipExecute(ctx.deps, requireTenant(ctx).tenantId, body),
});
export const handler = lambdaHandler(operation);
