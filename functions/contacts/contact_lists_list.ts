import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listContactLists } from '../../shared/crm/contact-lists/lists.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_list',
  method: 'GET',
  path: '/api/contact-lists',
  tag: 'contacts',
  summary: 'List contact lists',
  description: 'Contact lists, oldest first. `pageSize` 1-100 (default 50), `cursor` = the previous nextCursor.',
  output: contact_lists_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().min(1).max(2000).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listContactLists(requireTenant(ctx).table, query),
});
export const handler = lambdaHandler(operation);
