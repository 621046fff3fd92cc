import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal } from '../../shared/platform/runtime/context.js';
import { listMyTenants } from '../../shared/workspace/tenancy/members.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_list',
  method: 'GET',
  path: '/api/tenants',
  tag: 'tenants',
  summary: 'Workspaces (tenants) the caller belongs to',
  description:
    'Returns {data:[{tenantId, name, role (SUPER | ADMIN | MEMBER), status, isDefault, joinedAt}]}. Send one tenantId as X-Tenant-Id (MCP: tenant_id) ' +
    'to act in that workspace; without it calls act in the default (own) workspace.',
  output: tenants_listOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => {
    const p = requirePrincipal(ctx);
    return listMyTenants(ctx.deps, p.userId!, p.defaultTenantId);
  },
  guidance: (r) => ({ next: r.data.length > 1 ? null : 'tenants_members_list', why: 'Pick the workspace with X-Tenant-Id; members are listed per workspace.' }),
});

export const handler = lambdaHandler(operation);
