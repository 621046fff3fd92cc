import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { rejectRegistration } from '../../shared/workspace/accounts/lifecycle.js';
import { ADMIN_ACCESS_NOTE, adminActor } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_registrations_rejectOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_registrations_reject',
  method: 'POST',
  path: '/admin/api/registrations/{id}/reject',
  tag: 'admin',
  summary: 'Reject a registration awaiting admin approval',
  description:
    'Deletes the waitlist entry and its API key (no User or Tenant existed) and emails the user. Only from awaiting_admin_approval ' +
    `(otherwise 409 invalid_state); unknown id 404. ${ADMIN_ACCESS_NOTE}`,
  output: admin_registrations_rejectOutput,
  access: 'admin',
  mcp: false,
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }), body: z.strictObject({}) },
  resources: ['platformMail', 'workflow:signup-approval', 'platformTable:write'],
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => rejectRegistration(ctx.deps, path.id, adminActor(ctx)),
});

export const handler = lambdaHandler(operation);
