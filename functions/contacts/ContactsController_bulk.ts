import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { bulkContacts } from '../../shared/crm/contacts/bulk.js';
import { BULK_MAX, bulkSchema } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_bulkOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_bulk',
  method: 'POST',
  path: '/api/contacts/bulk',
  tag: 'contacts',
  summary: 'Update or delete many contacts',
  description: `Body \`{action: "update"|"delete", ids: [...] (1-${BULK_MAX}), patch?}\` (patch: the contacts_update fields, applied to every id). Returns \`{action, total, succeeded, failed, results: [{id, ok, error?}]}\`: an unknown id or a bad value fails that item only.`,
  output: ContactsController_bulkOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: bulkSchema },
  hints: { destructive: true },
  handler: async ({ body }, ctx) => bulkContacts(requireTenant(ctx).table, body, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
