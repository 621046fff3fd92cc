import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listBriefs } from '../../shared/mailing/briefs/briefs.js';
import { lambdaHandler } from '../lambda.js';
import { briefOutput, pageQuery } from './shared.js';

export const operation = defineOperation({
  operationId: 'briefs_list',
  method: 'GET',
  path: '/api/briefs',
  tag: 'briefs',
  summary: 'List briefs',
  description: 'Newest first. Query pageSize (1-100, default 20) and cursor (the previous nextCursor).',
  access: 'tenant',
  scope: 'creatives:read',
  input: { query: z.strictObject(pageQuery) },
  output: z.looseObject({ data: z.array(briefOutput), pageSize: z.number(), nextCursor: z.string().nullable() }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listBriefs(requireTenant(ctx).table, query),
  guidance: (p) =>
    p.nextCursor ? { next: 'briefs_list', why: 'More briefs: pass nextCursor.' } : { next: 'briefs_intake', why: `${p.data.length} briefs on the last page.` },
});
export const handler = lambdaHandler(operation);
