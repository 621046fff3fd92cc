import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteCreative } from '../../shared/mailing/creatives/creatives.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_delete',
  method: 'DELETE',
  path: '/api/creatives/{id}',
  tag: 'creatives',
  summary: 'Delete a creative',
  description: 'Deletes the creative. 404 for an unknown id (also on a repeat).',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: creativeIdParam },
  output: z.looseObject({ id: z.string(), deleted: z.boolean() }),
  hints: { destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => deleteCreative(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'creatives_list', why: 'Creative deleted.' }),
});
export const handler = lambdaHandler(operation);
