import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { listTenants } from '../../shared/workspace/accounts/admin-views.js';
import { ADMIN_ACCESS_NOTE } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_tenants_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_tenants_list',
  method: 'GET',
  path: '/admin/api/tenants',
  tag: 'admin',
  summary: 'List tenants with their balance',
  description: `Newest first, {data:[{id, name, status, ownerUserId, createdAt, balance, currency}], nextCursor}; balance is 0 until credited. ${ADMIN_ACCESS_NOTE}`,
  output: admin_tenants_listOutput,
  access: 'admin',
  mcp: false,
  input: { query: z.strictObject({ ...pageQuery() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listTenants(ctx.deps, toPage(query)),
});

export const handler = lambdaHandler(operation);
