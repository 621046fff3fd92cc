import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCompanyList } from '../../shared/crm/company-lists/company-lists.js';
import { lambdaHandler } from '../lambda.js';
import { company_lists_getOutput } from './outputs.js';

export const listIdParam = z.strictObject({ id: z.string().min(1).max(64) });

export const operation = defineOperation({
  operationId: 'company_lists_get',
  method: 'GET',
  path: '/api/company-lists/{id}',
  tag: 'companies',
  summary: 'Get a company list',
  description: 'The list {id, name, type, filters, memberCount}. 404 when it does not exist in this tenant.',
  output: company_lists_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: listIdParam },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getCompanyList(requireTenant(ctx).table, path.id),
  guidance: (l) => ({ next: 'company_lists_members', why: `Read the members of ${l.name}.` }),
});
export const handler = lambdaHandler(operation);
