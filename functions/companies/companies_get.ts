import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCompany } from '../../shared/crm/companies/companies.js';
import { lambdaHandler } from '../lambda.js';
import { companies_getOutput } from './outputs.js';

export const idParam = z.strictObject({ id: z.string().min(1).max(64) });

export const operation = defineOperation({
  operationId: 'companies_get',
  method: 'GET',
  path: '/api/companies/{id}',
  tag: 'companies',
  summary: 'Get one company',
  description: 'Returns the company with its `customFields` values. 404 when it does not exist in this tenant.',
  output: companies_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: idParam },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getCompany(requireTenant(ctx).table, path.id),
  guidance: (c) => ({ next: 'companies_update', why: `Company ${c.name} read; update fields or custom fields as needed.` }),
});
export const handler = lambdaHandler(operation);
