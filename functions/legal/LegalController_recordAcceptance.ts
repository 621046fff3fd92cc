import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { acceptDocument } from '../../shared/workspace/legal/documents-service.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { LegalController_recordAcceptanceOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LegalController_recordAcceptance',
  method: 'POST',
  path: '/api/legal/acceptances',
  tag: 'legal',
  summary: 'Record acceptance of a legal document',
  description:
    'Body {docKey, context, refId}: the caller accepts the current version of docKey in this workspace. context is a lower_snake word (e.g. campaign, signup, workspace); ' +
    'refId links the object it applies to (for campaign_guarantee: the campaign id). Append-only evidence with time and client address. Unknown docKey: 404. 201 with the record.',
  output: LegalController_recordAcceptanceOutput,
  resources: ['platformTable:write'],
  access: 'tenant',
  scope: 'workspace:write',
  input: {
    body: z.strictObject({
      docKey: z.string().min(1).max(64),
      context: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'context must be a lower_snake word of at most 64 characters' }),
      refId: z.string().min(1).max(128).optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) =>
    acceptDocument(ctx.deps, { accountId: requirePrincipal(ctx).accountId!, tenantId: requireTenant(ctx).tenantId, ...body, ip: ctx.request.ip }),
  guidance: () => ({ next: 'LegalController_listAcceptances', why: 'Acceptances of this workspace are listed there.' }),
});

export const handler = lambdaHandler(operation);
