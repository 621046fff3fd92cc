import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createCompany } from '../../shared/crm/companies/companies.js';
import { companyCreateSchema } from '../../shared/crm/companies/model.js';
import { lambdaHandler } from '../lambda.js';
import { companies_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_create',
  method: 'POST',
  path: '/api/companies',
  tag: 'companies',
  summary: 'Create a company',
  description:
    'Creates one company: name (required), domain, inn, industry, city, country, size, phone, website, description, source, address, ' +
    'and `customFields` {slug: value} checked against the company custom-field definitions (number → JSON number, date → ISO 8601, text → string; ' +
    'unknown slug → 400 unknown_custom_field). A single create never deduplicates (dedupe by domain/INN happens only on import). ' +
    'The domain is stored bare and lower-case. 201 with the company.',
  output: companies_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: companyCreateSchema },
  successStatus: 201,
  handler: async ({ body }, ctx) => createCompany(requireTenant(ctx).table, body, { now: ctx.deps.clock.now() }),
  guidance: (c) => ({
    next: 'contacts_create',
    why: `Company ${c.id} exists; add its decision makers as contacts (companyId) or put it in a company list.`,
    check: 'companies_get',
  }),
});
export const handler = lambdaHandler(operation);
