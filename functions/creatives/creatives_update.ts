import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { updateCreative } from '../../shared/mailing/creatives/creatives.js';
import { creativeOutput, creativeUpdateSchema } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_update',
  method: 'PATCH',
  path: '/api/creatives/{id}',
  tag: 'creatives',
  summary: 'Edit a creative',
  description:
    'Partial body (name, subject, bodyHtml, briefId, attachmentCreativeId, attachmentUrl, formConfig). A subject/bodyHtml change increments contentVersion ' +
    '(tasks approved on an older version lose their approval); a content change of an approved channel creative puts it back to PENDING. Bad template → 400 with position.',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: creativeIdParam, body: creativeUpdateSchema },
  output: creativeOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => updateCreative(requireTenant(ctx).table, path.id, body, ctx.deps.clock.now()),
  guidance: (c) => ({ next: 'ContentAnalyzerController_check', why: `Content version ${c.contentVersion}: re-run the copy check after edits.` }),
});
export const handler = lambdaHandler(operation);
