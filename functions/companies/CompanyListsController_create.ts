import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createCompanyList } from '../../shared/crm/company-lists/company-lists.js';
import { lambdaHandler } from '../lambda.js';
import { CompanyListsController_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CompanyListsController_create',
  method: 'POST',
  path: '/api/company-lists',
  tag: 'companies',
  summary: 'Create a company list (STATIC or SMART)',
  description:
    'Body {name, type: STATIC (default) | SMART, filters}. A STATIC list holds the companies added with CompanyListsController_addCompanies. ' +
    'A SMART list holds `filters` (the companies_list rule array, or its JSON text) and is evaluated on every read; the create response ' +
    'carries `evaluation`: {status:"OK"} or {status:"UNSUPPORTED" (unknown field or operator) | "UNAVAILABLE" (malformed), reason}. ' +
    'Reading such a list returns that status, never an empty audience.',
  output: CompanyListsController_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(200),
      type: z.enum(['STATIC', 'SMART']).default('STATIC'),
      filters: z.unknown().optional(),
    }),
  },
  successStatus: 201,
  handler: async ({ body }, ctx) => createCompanyList(requireTenant(ctx).table, body, ctx.deps.clock.now()),
  guidance: (l) =>
    l.type === 'STATIC'
      ? { next: 'CompanyListsController_addCompanies', why: `List ${l.id} is empty; add companies to it.` }
      : { next: 'company_lists_members', why: `SMART list ${l.id} is evaluated on read; check its members.`, check: 'evaluation.status is OK' },
});
export const handler = lambdaHandler(operation);
