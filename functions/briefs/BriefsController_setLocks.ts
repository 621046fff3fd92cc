import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { changeBrief } from '../../shared/mailing/briefs/briefs.js';
import { LOCK_PATH } from '../../shared/mailing/briefs/schema.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam, briefOutput } from './shared.js';

export const operation = defineOperation({
  operationId: 'BriefsController_setLocks',
  method: 'PUT',
  path: '/api/briefs/{id}/locks',
  tag: 'briefs',
  summary: 'Replace the locked paths of a brief',
  description:
    'Body {locks: JSON Pointers under /content or /variables, reason?}. Patches that would change a locked value are refused with 409 brief_locked. A new revision.',
  access: 'tenant',
  scope: 'creatives:write',
  input: {
    path: briefIdParam,
    body: z.strictObject({
      locks: z.array(z.string().regex(LOCK_PATH, 'locks must be JSON Pointers under /content or /variables')).max(50),
      reason: z.string().max(1000).optional(),
    }),
  },
  output: briefOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) =>
    changeBrief(
      requireTenant(ctx).table,
      path.id,
      { field: 'locks', locks: body.locks },
      body.reason,
      ctx.deps.clock.now(),
      requirePrincipal(ctx).userId ?? 'unknown',
    ),
  guidance: (b) => ({ next: 'BriefsController_updateContent', why: `${b.locks.length} locked paths.` }),
});
export const handler = lambdaHandler(operation);
