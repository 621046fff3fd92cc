import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCreative } from '../../shared/mailing/creatives/creatives.js';
import { creativeOutput } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_get',
  method: 'GET',
  path: '/api/creatives/{id}',
  tag: 'creatives',
  summary: 'Get one creative',
  description: 'The creative with its contentVersion (incremented on every subject/bodyHtml edit) and the variables it uses. 404 for an unknown id.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: creativeIdParam },
  output: creativeOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getCreative(requireTenant(ctx).table, path.id),
  guidance: (c) => ({ next: 'creatives_preview', why: 'Render it for a real recipient.', check: `GET /api/creatives/${c.id}/preview?contactId=<id>` }),
});
export const handler = lambdaHandler(operation);
