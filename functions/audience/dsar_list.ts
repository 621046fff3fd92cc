import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listDsars } from '../../shared/crm/audience/dsar.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { lambdaHandler } from '../lambda.js';
import { dsar_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dsar_list',
  method: 'GET',
  path: '/api/dsar',
  tag: 'audience',
  summary: 'List data-subject requests (newest first)',
  description: '{data:[{id, type, status, emailHash, emailMasked, result, createdAt, completedAt}], nextCursor}. pageSize 1-100 (default 50).',
  output: dsar_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ ...pageQuery(100, 50) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listDsars(requireTenant(ctx).table, toPage(query)),
  guidance: (r) => (r.nextCursor ? { next: 'dsar_list', why: 'More requests: call again with cursor = nextCursor.' } : { next: null, why: 'End of the list.' }),
});

export const handler = lambdaHandler(operation);
