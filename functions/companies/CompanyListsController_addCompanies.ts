import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { MAX_ADD, addCompanies } from '../../shared/crm/company-lists/company-lists.js';
import { lambdaHandler } from '../lambda.js';
import { listIdParam } from './company_lists_get.js';
import { CompanyListsController_addCompaniesOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CompanyListsController_addCompanies',
  method: 'POST',
  path: '/api/company-lists/{id}/companies',
  tag: 'companies',
  summary: 'Add companies to a STATIC company list',
  description:
    `Body {companyIds: string[]} (1-${MAX_ADD}). STATIC lists only (SMART → 400 list_not_static). Idempotent per company: ` +
    'returns {added, alreadyMembers}. An unknown list or any unknown company id → 404 and nothing is added.',
  output: CompanyListsController_addCompaniesOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: listIdParam, body: z.strictObject({ companyIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_ADD) }) },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => addCompanies(requireTenant(ctx).table, path.id, body.companyIds, ctx.deps.clock.now()),
  guidance: (r) => ({
    next: 'CampaignsController_pour',
    why: `${r.added} companies added; pour the list into a campaign with {companyListId}.`,
    check: 'company_lists_members',
  }),
});
export const handler = lambdaHandler(operation);
