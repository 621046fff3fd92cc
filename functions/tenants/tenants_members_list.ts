import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listMembers } from '../../shared/workspace/tenancy/members.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_members_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_members_list',
  method: 'GET',
  path: '/api/tenants/members',
  tag: 'tenants',
  summary: 'Members of the current workspace',
  description:
    'Members of the workspace selected by X-Tenant-Id (default: your own): {data:[{userId, email, firstName, lastName, role, joinedAt}], nextCursor}. pageSize 1-100 (default 50).',
  output: tenants_members_listOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: { query: z.strictObject({ ...pageQuery() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listMembers(ctx.deps, requireTenant(ctx).tenantId, toPage(query)),
});

export const handler = lambdaHandler(operation);
