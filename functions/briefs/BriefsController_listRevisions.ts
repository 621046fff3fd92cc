import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listRevisions } from '../../shared/mailing/briefs/briefs.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam, pageQuery } from './shared.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'BriefsController_listRevisions',
  method: 'GET',
  path: '/api/briefs/{id}/revisions',
  tag: 'briefs',
  summary: 'Revision history of a brief',
  description: 'Newest first: {revision, change (created|content|variables|locks), patch, reason, by, at}. Query pageSize (1-100, default 50), cursor.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: briefIdParam, query: z.strictObject(pageQuery) },
  output: uncheckedOutput(
    z.looseObject({
      data: z.array(z.looseObject({ revision: z.unknown(), change: z.unknown() })),
      pageSize: z.number(),
      nextCursor: z.string().nullable(),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listRevisions(requireTenant(ctx).table, path.id, query),
  guidance: () => ({ next: 'briefs_get', why: 'Current state of the brief.' }),
});
export const handler = lambdaHandler(operation);
