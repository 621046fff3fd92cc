import { z } from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { listDsars } from '../../shared/audience/dsar.js';
import { cursorSchema, limitSchema } from '../../shared/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'dsar_list',
  method: 'GET',
  path: '/api/dsar',
  tag: 'audience',
  summary: 'List data-subject requests (newest first)',
  description: '{data:[{id, type, status, emailHash, emailMasked, result, createdAt, completedAt}], cursor}. limit 1-100 (default 50).',
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ limit: limitSchema(100, 50), cursor: cursorSchema }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listDsars(requireTenant(ctx).table, query),
  guidance: (r) => (r.cursor ? { next: 'dsar_list', why: 'More requests: call again with cursor.' } : { next: null, why: 'End of the list.' }),
});

export const handler = lambdaHandler(operation);
