import * as z from 'zod';
import { revokeConnectorToken } from '../../shared/crm/connectors/tokens.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { connectors_tokens_revokeOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'connectors_tokens_revoke',
  method: 'DELETE',
  path: '/api/connectors/tokens/{id}',
  tag: 'connectors',
  summary: 'Revoke a connector token',
  description:
    'From now on the form builder\'s calls with this token get 401 {statusCode:401, message:"Invalid credentials"}. Idempotent; 404 for an unknown id.',
  output: connectors_tokens_revokeOutput,
  resources: ['platformTable:write'],
  access: 'tenant',
  scope: 'webhooks:write',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  hints: { destructive: true, idempotent: true },
  handler: async ({ path }, ctx) => revokeConnectorToken(ctx.deps, requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
