import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listSuppressions, SUPPRESSION_SOURCES } from '../../shared/crm/audience/suppression.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { lambdaHandler } from '../lambda.js';
import { suppression_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'suppression_list',
  method: 'GET',
  path: '/api/suppression',
  tag: 'audience',
  summary: 'List the suppression list (newest first)',
  description:
    '{data:[{id (SHA-256 hash), type (email | domain), value (null when hashed), hashed, source (unsubscribe | bounce | complaint | erasure | manual), note, createdAt}], nextCursor}. ' +
    'Erasure entries (from DsarController_create) keep only the hash. pageSize 1-100 (default 50), source filters, cursor for the next page (nextCursor null = end).',
  output: suppression_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ ...pageQuery(100, 50), source: z.enum(SUPPRESSION_SOURCES).optional() }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listSuppressions(requireTenant(ctx).table, toPage(query)),
  guidance: (r) =>
    r.nextCursor
      ? { next: 'suppression_list', why: 'More entries: call again with cursor = nextCursor.' }
      : { next: null, why: 'End of the suppression list.' },
});

export const handler = lambdaHandler(operation);
