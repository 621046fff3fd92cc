import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { listQuestionnaires } from '../../shared/workspace/accounts-register/questionnaire.js';
import { ADMIN_ACCESS_NOTE } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_questionnaires_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_questionnaires_list',
  method: 'GET',
  path: '/admin/api/questionnaires',
  tag: 'admin',
  summary: 'Signup questionnaires of /api/auth/register accounts (newest first)',
  description:
    'The accounts whose automatic checks did not pass and that answered the questionnaire: {data:[{accountId, accountStatus, email, companyName, checksPassed, reasons, revision, submittedAt}], nextCursor}. ' +
    `Approve one with POST /admin/api/registrations/{accountId}/approve. pageSize 1-100 (default 50). ${ADMIN_ACCESS_NOTE}`,
  output: admin_questionnaires_listOutput,
  access: 'admin',
  mcp: false,
  input: { query: z.strictObject({ ...pageQuery() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listQuestionnaires(ctx.deps, toPage(query)),
});

export const handler = lambdaHandler(operation);
