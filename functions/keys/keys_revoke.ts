import * as z from 'zod';
import { revokeApiKey } from '../../shared/workspace/identity/key-management.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireAccount } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { keys_revokeOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'keys_revoke',
  method: 'DELETE',
  path: '/api/keys/{id}',
  tag: 'keys',
  summary: 'Revoke an API key',
  description:
    "Revokes one of the account's keys: from the next request it answers 401 over HTTP and MCP. Revoking again answers the same revoked key. " +
    "A key may revoke itself or keys no wider than itself (403 scope_not_grantable otherwise); another account's key id is 404. Needs keys:write.",
  output: keys_revokeOutput,
  resources: ['platformTable:write'],
  access: 'sandbox',
  scope: 'keys:write',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  hints: { destructive: true, idempotent: true },
  handler: async ({ path }, ctx) => revokeApiKey(ctx.deps, requireAccount(ctx), path.id),
});
export const handler = lambdaHandler(operation);
