import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { pageQuery } from '../../shared/workspace/webhooks/schema.js';
import { listSubscriptions } from '../../shared/workspace/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_list',
  method: 'GET',
  path: '/api/webhooks',
  tag: 'webhooks',
  summary: 'List webhook subscriptions',
  description: "Oldest first. Query pageSize (1-100, default 20) and cursor (the previous page's nextCursor). Secrets are never returned, only secretHint.",
  output: webhooks_listOutput,
  access: 'tenant',
  scope: 'webhooks:read',
  input: { query: z.strictObject(pageQuery) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listSubscriptions(requireTenant(ctx).table, query),
});
export const handler = lambdaHandler(operation);
