import { z } from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { tenantQuestionnaire } from '../../shared/accounts/admin-views.js';
import { ADMIN_ACCESS_NOTE } from '../../shared/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'admin_tenants_questionnaire',
  method: 'GET',
  path: '/admin/api/tenants/{id}/questionnaire',
  tag: 'admin',
  summary: "A tenant's signup questionnaire and automatic check results",
  description: `{tenantId, name, questionnaire, checks, submittedAt}, null where nothing was submitted. Unknown tenant 404. ${ADMIN_ACCESS_NOTE}`,
  access: 'admin',
  mcp: false,
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => tenantQuestionnaire(ctx.deps, path.id),
});

export const handler = lambdaHandler(operation);
