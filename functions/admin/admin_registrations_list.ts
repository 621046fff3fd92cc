import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { LISTABLE_STATES, listRegistrations } from '../../shared/workspace/accounts/admin-views.js';
import { ADMIN_ACCESS_NOTE } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_registrations_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_registrations_list',
  method: 'GET',
  path: '/admin/api/registrations',
  tag: 'admin',
  summary: 'List full-account registrations by state',
  description:
    `state (default awaiting_admin_approval): awaiting_email_confirm | awaiting_agreement | awaiting_admin_approval | approved. ` +
    `Oldest first, {data:[{id, email, state, createdAt, stateEnteredAt, expiresAt, org, use_case, channel, firstName, lastName, termsAcceptedAt, tenantId}], nextCursor}. ${ADMIN_ACCESS_NOTE}`,
  output: admin_registrations_listOutput,
  access: 'admin',
  mcp: false,
  input: {
    query: z.strictObject({
      state: z.enum(LISTABLE_STATES).default('awaiting_admin_approval'),
      ...pageQuery(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listRegistrations(ctx.deps, toPage(query)),
});

export const handler = lambdaHandler(operation);
