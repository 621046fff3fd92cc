import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { acceptInvitation } from '../../shared/workspace/tenancy/invitations.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_invitations_acceptOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_invitations_accept',
  method: 'POST',
  path: '/api/tenants/invitations/accept',
  tag: 'tenants',
  summary: 'Accept a workspace invitation (single use)',
  description:
    'Body {token} from the invitation email of POST /api/tenants/members. Call with your own key or session: the invitation is for your account only. ' +
    "Makes you a member of the inviting workspace with the invited role. Unknown, used, expired or someone else's token: 404.",
  output: tenants_invitations_acceptOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: { body: z.strictObject({ token: z.string().min(10).max(200) }) },
  resources: ['platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => acceptInvitation(ctx.deps, ctx.principal?.userId, body.token),
  guidance: (r) => ({ next: 'tenants_list', why: `You are now a member; send X-Tenant-Id: ${r?.tenantId ?? '<tenantId>'} to act in that workspace.` }),
});

export const handler = lambdaHandler(operation);
