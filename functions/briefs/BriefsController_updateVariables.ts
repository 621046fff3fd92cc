import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { changeBrief } from '../../shared/mailing/briefs/briefs.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam, briefOutput, patchBody } from './shared.js';

export const operation = defineOperation({
  operationId: 'BriefsController_updateVariables',
  method: 'PATCH',
  path: '/api/briefs/{id}/variables',
  tag: 'briefs',
  summary: 'Edit brief variables with a JSON merge patch',
  description:
    'Body {patch, reason?}: an RFC 7396 merge patch of variables, validated after merging (400 listing the paths that break the schema). A change of a locked path ' +
    'is 409 {code: brief_locked, lock}. Every change is a new revision.',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: briefIdParam, body: patchBody },
  output: briefOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) =>
    changeBrief(
      requireTenant(ctx).table,
      path.id,
      { field: 'variables', patch: body.patch },
      body.reason,
      ctx.deps.clock.now(),
      requirePrincipal(ctx).userId ?? 'unknown',
    ),
  guidance: (b) => ({ next: 'briefs_expert', why: `Revision ${b.revision} saved; re-check the brief.` }),
});
export const handler = lambdaHandler(operation);
