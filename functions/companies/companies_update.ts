import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { updateCompany } from '../../shared/crm/companies/companies.js';
import { companyUpdateSchema } from '../../shared/crm/companies/model.js';
import { lambdaHandler } from '../lambda.js';
import { idParam } from './companies_get.js';
import { companies_updateOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_update',
  method: 'PATCH',
  path: '/api/companies/{id}',
  tag: 'companies',
  summary: 'Update a company',
  description:
    'Partial update: given fields replace the stored ones (null clears one; name cannot be cleared). `customFields` merge into the ' +
    'stored values (null clears a value), checked against the definitions like on create. 404 for an unknown id.',
  output: companies_updateOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idParam, body: companyUpdateSchema },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => updateCompany(requireTenant(ctx).table, path.id, body, { now: ctx.deps.clock.now() }),
  guidance: (c) => ({ next: 'companies_get', why: `Company ${c.id} updated.` }),
});
export const handler = lambdaHandler(operation);
