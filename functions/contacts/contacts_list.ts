import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listContacts } from '../../shared/crm/contacts/list.js';
import { listQuerySchema } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_list',
  method: 'GET',
  path: '/api/contacts',
  tag: 'contacts',
  summary: 'List contacts',
  description:
    'Named query parameters: companyId, email, phone, listId, q (text in names, position, channels), pageSize (1-100, default 20), cursor (opaque `nextCursor` of the previous page). `filters` (JSON) accepts only custom-field rules `{field:"cf_<slug>", operator, value}` (text: contains, equals, isEmpty; number: gt, gte, lt, lte, equals; date: before, after); any other field → 400 `{code:"unknown_filter_field", available}`, a bad operator or value → 400 `{code:"malformed_filter"}`. Filtered pages may be shorter than pageSize; follow nextCursor until null.',
  output: contacts_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: listQuerySchema },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listContacts(requireTenant(ctx).table, query),
});
export const handler = lambdaHandler(operation);
