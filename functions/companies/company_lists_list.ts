import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listCompanyLists } from '../../shared/crm/company-lists/company-lists.js';
import { lambdaHandler } from '../lambda.js';
import { company_lists_listOutput } from './outputs.js';

export const pageQuery = z.strictObject({
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(2000).optional(),
});

export const operation = defineOperation({
  operationId: 'company_lists_list',
  method: 'GET',
  path: '/api/company-lists',
  tag: 'companies',
  summary: 'List company lists',
  description:
    'Company lists, newest first: {id, name, type STATIC|SMART, filters (SMART), memberCount (STATIC)}. pageSize 1-200 (default 50), cursor = nextCursor.',
  output: company_lists_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: pageQuery },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listCompanyLists(requireTenant(ctx).table, { pageSize: query.pageSize ?? 50, cursor: query.cursor }),
  guidance: () => ({ next: 'company_lists_members', why: "Read a list's members; a SMART list is evaluated at read time." }),
});
export const handler = lambdaHandler(operation);
