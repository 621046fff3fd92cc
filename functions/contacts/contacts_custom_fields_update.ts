import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { updateDefinition } from '../../shared/crm/custom-fields/definitions.js';
import { definitionPatch, slugPath } from '../../shared/crm/custom-fields/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_custom_fields_updateOutput } from '../companies/outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_custom_fields_update',
  method: 'PATCH',
  path: '/api/contacts/custom-fields/{slug}',
  tag: 'contacts',
  summary: 'Relabel a contact custom field',
  description:
    'Body {label} (1-120 characters). Only the label changes: the slug keys every stored value and cf_<slug> filter, and the fieldType decides ' +
    'how values are stored, so both are fixed (define a new field instead). 404 for an unknown slug.',
  output: contacts_custom_fields_updateOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: slugPath, body: definitionPatch },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => updateDefinition(requireTenant(ctx).table, 'contact', path.slug, body, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
