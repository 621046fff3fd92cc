import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { listSequences } from '../../shared/mailing/sequences/sequences.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { sequenceListOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'sequences_list',
  method: 'GET',
  path: '/api/sequences',
  tag: 'sequences',
  summary: 'List sequences',
  description: 'Newest first; pageSize and cursor.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { query: z.strictObject({ ...pageQuery() }) },
  output: sequenceListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listSequences(requireTenant(ctx).table, toPage(query)),
});
export const handler = lambdaHandler(operation);
