import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { WIPE_CONFIRMATION, deleteAllData } from '../../shared/settings/wipe.js';
import { requireRole } from '../../shared/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'SettingsController_deleteAllData',
  method: 'POST',
  path: '/api/settings/delete-all-data',
  tag: 'settings',
  summary: 'Irreversibly wipe all workspace data (SUPER only)',
  description: `Body {confirmation: '${WIPE_CONFIRMATION}'}. Drops and recreates the workspace's data table: companies, contacts, lists, leads, mailboxes, settings, everything. The account, memberships, keys, balance and ledger stay. 400 confirmation_required otherwise; 403 below SUPER. Repeating it is harmless.`,
  access: 'tenant',
  scope: 'workspace:write',
  resources: ['tableAdmin', 'platformTable:write'],
  input: { body: z.strictObject({ confirmation: z.string().max(64).describe(`Exactly '${WIPE_CONFIRMATION}'`) }) },
  output: z.looseObject({ tenantId: z.string(), wiped: z.boolean(), wipedAt: z.string(), kept: z.array(z.string()) }),
  hints: { readOnly: false, destructive: true, idempotent: true },
  handler: async ({ body }, ctx) => {
    const tenant = requireRole(ctx, 'SUPER');
    return deleteAllData(ctx.deps, { tenantId: tenant.tenantId, userId: ctx.principal?.userId ?? '' }, body.confirmation);
  },
  guidance: () => ({ next: 'companies_create', why: 'The workspace is empty; the default pipeline was recreated.' }),
});
export const handler = lambdaHandler(operation);
