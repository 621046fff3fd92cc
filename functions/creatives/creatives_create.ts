import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createCreative } from '../../shared/mailing/creatives/creatives.js';
import { approverOf } from '../../shared/mailing/tasks/tasks.js';
import { creativeCreateSchema, creativeOutput } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'creatives_create',
  method: 'POST',
  path: '/api/creatives',
  tag: 'creatives',
  summary: 'Create a creative (email template or channel creative)',
  description:
    'Body {name, subject, bodyHtml, type?, briefId?, formConfig?}. subject/bodyHtml use spintax {a|b}, {{var}} and {{var|fallback}} (names: creatives_variables_available). ' +
    'A template that does not parse is a 400 naming the field and position. Channel types (FORM, VK, TELEGRAM, WHATSAPP, LINKEDIN) start PENDING moderation.',
  access: 'tenant',
  scope: 'creatives:write',
  input: { body: creativeCreateSchema },
  output: creativeOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) =>
    createCreative(requireTenant(ctx).table, body, ctx.deps.clock.now(), undefined, approverOf(ctx.principal, ctx.request.channel)),
  guidance: (c) =>
    c.moderationStatus === 'PENDING'
      ? { next: 'CreativesController_moderateChannelCreative', why: 'Channel creatives need an ADMIN approval before use.' }
      : {
          next: 'creatives_preview',
          why: 'Preview with a real contact: unresolvedTokens must be empty before a mailing.',
          check: `GET /api/creatives/${c.id}/preview?contactId=<id>`,
        },
});
export const handler = lambdaHandler(operation);
