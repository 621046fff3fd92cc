import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { listAcceptances } from '../../shared/workspace/legal/acceptances.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { LegalController_listAcceptancesOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LegalController_listAcceptances',
  method: 'GET',
  path: '/api/legal/acceptances',
  tag: 'legal',
  summary: 'List legal acceptances of the workspace (newest first)',
  description:
    'Returns {data:[{id, docKey, version, context, refId, accountId, acceptedAt}], nextCursor}. Optional docKey narrows to one document (pages may then be short; follow nextCursor until null). pageSize 1-100 (default 50).',
  output: LegalController_listAcceptancesOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {
    query: z.strictObject({
      ...pageQuery(),
      docKey: z.string().min(1).max(64).optional(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listAcceptances(ctx.deps, requireTenant(ctx).tenantId, toPage(query)),
});

export const handler = lambdaHandler(operation);
