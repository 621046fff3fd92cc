import * as z from 'zod';
import { listApiKeys } from '../../shared/workspace/identity/key-management.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireAccount } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { keys_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'keys_list',
  method: 'GET',
  path: '/api/keys',
  tag: 'keys',
  summary: "List the account's API keys",
  description:
    'Oldest first: {id, name, scopes, keyHint (last 4 characters), createdAt, createdBy, lastUsedAt (to within 15 minutes), revokedAt, status ACTIVE|REVOKED}; never a secret. ' +
    'Query pageSize (1-100, default 50), cursor.',
  output: keys_listOutput,
  access: 'sandbox',
  input: { query: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().min(1).max(2048).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listApiKeys(ctx.deps, requireAccount(ctx).accountId, query),
});
export const handler = lambdaHandler(operation);
