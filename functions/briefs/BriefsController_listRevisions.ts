import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listRevisions, REVISION_CHANGES } from '../../shared/mailing/briefs/briefs.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam, pageQuery } from './shared.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

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
  output: checkedOutput(
    z.looseObject({
      data: z
        .array(
          z.looseObject({
            revision: z.number().describe('Revision number (1 = creation)'),
            change: z.enum(REVISION_CHANGES).describe('What the revision changed'),
            patch: z.unknown().describe('The JSON merge patch applied (content, variables), the new locks array (locks); null at creation'),
            reason: z.string().nullable().describe('Why, as given with the change (null when none)'),
            by: z.string().describe('Who made the change'),
            at: z.string().describe('ISO 8601 time of the change'),
          }),
        )
        .describe('Revisions, newest first'),
      pageSize: z.number().describe('Page size applied'),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listRevisions(requireTenant(ctx).table, path.id, query),
  guidance: () => ({ next: 'briefs_get', why: 'Current state of the brief.' }),
});
export const handler = lambdaHandler(operation);
