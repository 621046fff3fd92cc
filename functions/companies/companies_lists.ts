import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { LISTS_PER_CALL, listsOfCompany } from '../../shared/crm/company-lists/of-company.js';
import { lambdaHandler } from '../lambda.js';
import { companies_listsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_lists',
  method: 'GET',
  path: '/api/companies/{id}/lists',
  tag: 'companies',
  summary: 'The company lists a company is in',
  description:
    '`{data: [{id, name, type, memberCount}], nextCursor}`: STATIC lists with the company as a member and SMART lists whose filters match it now ' +
    `(a SMART list whose filters cannot run matches nothing). Each call reads up to ${LISTS_PER_CALL} lists, newest first; with more, ` +
    'pass nextCursor as `cursor` for the rest (a page may then be empty). 404 for an unknown company.',
  output: companies_listsOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    query: z.strictObject({ cursor: z.string().min(1).max(2000).optional() }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listsOfCompany(requireTenant(ctx).table, path.id, query),
  guidance: (r) => ({ next: 'company_lists_members', why: `The company is in ${r.data.length} list(s); read a list's members with its id.` }),
});
export const handler = lambdaHandler(operation);
