import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listStopList } from '../../shared/crm/audience/stoplist.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { lambdaHandler } from '../lambda.js';
import { stoplist_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'stoplist_list',
  method: 'GET',
  path: '/api/stop-list',
  tag: 'audience',
  summary: 'List the stop-list (domains and companies never contacted)',
  description:
    '{data:[{id (domain:<domain> | company:<id>), type, domain, companyId, companyName, note, createdAt}], nextCursor}, newest first. pageSize 1-100 (default 50), type filters.',
  output: stoplist_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ ...pageQuery(100, 50), type: z.enum(['domain', 'company']).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listStopList(requireTenant(ctx).table, toPage(query)),
  guidance: (r) =>
    r.nextCursor ? { next: 'stoplist_list', why: 'More entries: call again with cursor = nextCursor.' } : { next: null, why: 'End of the stop-list.' },
});

export const handler = lambdaHandler(operation);
