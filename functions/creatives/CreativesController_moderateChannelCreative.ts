import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal } from '../../shared/platform/runtime/context.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { moderateCreative } from '../../shared/mailing/creatives/creatives.js';
import { creativeOutput } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

export const operation = defineOperation({
  operationId: 'CreativesController_moderateChannelCreative',
  method: 'POST',
  path: '/api/creatives/{id}/moderate',
  tag: 'creatives',
  summary: 'Approve or reject a channel creative (ADMIN)',
  description:
    'Body {action: approve|reject, reason?}. PENDING → APPROVED or REJECTED; repeating the same action is a no-op; other moves are 409 invalid_transition; ' +
    'an email creative is 409 not_a_channel_creative. Requires the ADMIN role (403 insufficient_role).',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: creativeIdParam, body: z.strictObject({ action: z.enum(['approve', 'reject']), reason: z.string().max(1000).optional() }) },
  output: creativeOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireRole(ctx, 'ADMIN');
    return moderateCreative(tenant.table, path.id, body.action, body.reason, ctx.deps.clock.now(), requirePrincipal(ctx).userId ?? 'unknown');
  },
  guidance: (c) => ({ next: c.moderationStatus === 'APPROVED' ? 'tasks_create' : 'creatives_update', why: `Creative is ${c.moderationStatus}.` }),
});
export const handler = lambdaHandler(operation);
