import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { unsuppress } from '../../shared/crm/audience/suppression.js';
import { lambdaHandler } from '../lambda.js';
import { suppression_removeOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'suppression_remove',
  method: 'DELETE',
  path: '/api/suppression/{id}',
  tag: 'audience',
  summary: 'Remove a suppression entry',
  description:
    'id is the entry id (SHA-256 hash) or the address / domain itself. 404 when there is no such entry; 409 for an erasure entry ' +
    '(the person asked to be deleted: it is never lifted).',
  output: suppression_removeOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: z.strictObject({ id: z.string().min(3).max(254) }) },
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => unsuppress(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'suppression_list', why: 'The address may be mailed again.' }),
});

export const handler = lambdaHandler(operation);
