import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { getQuestionnaire } from '../../shared/workspace/accounts-register/questionnaire.js';
import { ADMIN_ACCESS_NOTE } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_tenants_questionnaireOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_tenants_questionnaire',
  method: 'GET',
  path: '/admin/api/tenants/{id}/questionnaire',
  tag: 'admin',
  summary: "A tenant's signup questionnaire and automatic check results",
  description: `The answers of POST /api/auth/signup-questionnaire and the latest automatic domain/MX/website checks: {accountId, tenantId, email, status, answers, checks, revision, submittedAt}; answers null when none were submitted. id is a tenant id (or an account id). Unknown: 404. ${ADMIN_ACCESS_NOTE}`,
  output: admin_tenants_questionnaireOutput,
  access: 'admin',
  mcp: false,
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getQuestionnaire(ctx.deps, path.id),
});

export const handler = lambdaHandler(operation);
