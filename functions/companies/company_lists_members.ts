import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listMembers } from '../../shared/crm/company-lists/company-lists.js';
import { lambdaHandler } from '../lambda.js';
import { listIdParam } from './company_lists_get.js';
import { pageQuery } from './company_lists_list.js';
import { company_lists_membersOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'company_lists_members',
  method: 'GET',
  path: '/api/company-lists/{id}/members',
  tag: 'companies',
  summary: 'Companies of a list (SMART evaluated now)',
  description:
    'One page {status:"OK", type, data: companies, nextCursor}; pageSize 1-200 (default 50). A SMART list runs its filters now; when they ' +
    'cannot run the answer is {status:"UNSUPPORTED" | "UNAVAILABLE", reason, message, data: null} (HTTP 200), never an empty success. 404 for an unknown list.',
  output: company_lists_membersOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: listIdParam, query: pageQuery },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listMembers(requireTenant(ctx).table, path.id, { pageSize: query.pageSize ?? 50, cursor: query.cursor }),
  guidance: (r) =>
    r.status === 'OK'
      ? { next: r.nextCursor ? 'company_lists_members' : 'CampaignsController_pour', why: `${r.data.length} companies on this page.` }
      : { next: 'CompanyListsController_create', why: `The SMART filters cannot run (${r.reason}); create a list with supported rules.` },
});
export const handler = lambdaHandler(operation);
