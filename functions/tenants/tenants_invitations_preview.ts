import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { previewInvitation } from '../../shared/workspace/tenancy/invitations.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_invitations_previewOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_invitations_preview',
  method: 'GET',
  path: '/api/tenants/invitations/preview',
  tag: 'tenants',
  summary: 'What a workspace invitation offers, before accepting it',
  description:
    'Query token from the invitation email. Answers {tenantId, workspaceName, role, expiresAt, alreadyMember} for your own invitation; changes nothing. ' +
    "Unknown, used, expired or someone else's token: 404. Accept with POST /api/tenants/invitations/accept.",
  output: tenants_invitations_previewOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: { query: z.strictObject({ token: z.string().min(10).max(200) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => previewInvitation(ctx.deps, ctx.principal?.userId, query.token),
  guidance: (r) => ({ next: 'tenants_invitations_accept', why: `Accept to join ${r.workspaceName} as ${r.role}.` }),
});

export const handler = lambdaHandler(operation);
