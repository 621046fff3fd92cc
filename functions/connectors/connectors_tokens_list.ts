import * as z from 'zod';
import { listConnectorTokens } from '../../shared/crm/connectors/tokens.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { connectors_tokens_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'connectors_tokens_list',
  method: 'GET',
  path: '/api/connectors/tokens',
  tag: 'connectors',
  summary: 'List connector tokens',
  description:
    'Oldest first: {id, connector, name, tokenHint (last 4 characters), status ACTIVE|REVOKED, createdAt, revokedAt, lastUsedAt}; never the token. Query pageSize (1-100, default 20), cursor.',
  output: connectors_tokens_listOutput,
  access: 'tenant',
  scope: 'webhooks:read',
  input: { query: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().min(1).max(2048).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listConnectorTokens(requireTenant(ctx).table, query),
});
export const handler = lambdaHandler(operation);
