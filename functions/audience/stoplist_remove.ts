import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { removeFromStopList } from '../../shared/crm/audience/stoplist.js';
import { lambdaHandler } from '../lambda.js';
import { stoplist_removeOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'stoplist_remove',
  method: 'DELETE',
  path: '/api/stop-list/{id}',
  tag: 'audience',
  summary: 'Remove a stop-list entry',
  description: 'id is `domain:<domain>`, `company:<companyId>` or a bare domain. 404 when there is no such entry.',
  output: stoplist_removeOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: z.strictObject({ id: z.string().min(3).max(300) }) },
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => removeFromStopList(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'stoplist_list', why: 'The domain or company may be contacted again.' }),
});

export const handler = lambdaHandler(operation);
