import { z } from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { listStopList } from '../../shared/audience/stoplist.js';
import { cursorSchema, limitSchema } from '../../shared/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'stoplist_list',
  method: 'GET',
  path: '/api/stop-list',
  tag: 'audience',
  summary: 'List the stop-list (domains and companies never contacted)',
  description: '{data:[{id (domain:<domain> | company:<id>), type, domain, companyId, companyName, note, createdAt}], cursor}, newest first. limit 1-100 (default 50), type filters.',
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ limit: limitSchema(100, 50), cursor: cursorSchema, type: z.enum(['domain', 'company']).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listStopList(requireTenant(ctx).table, query),
  guidance: (r) => (r.cursor ? { next: 'stoplist_list', why: 'More entries: call again with cursor.' } : { next: null, why: 'End of the stop-list.' }),
});

export const handler = lambdaHandler(operation);
