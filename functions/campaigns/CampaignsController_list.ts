import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listCampaigns } from '../../shared/mailing/campaigns/campaigns.js';
import { lambdaHandler } from '../lambda.js';
import { campaignListOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_list',
  method: 'GET',
  path: '/api/campaigns',
  tag: 'campaigns',
  summary: 'List campaigns, newest first',
  description: 'Query limit (1..100, default 50), cursor (nextCursor of the previous page), status (DRAFT, ACTIVE, PAUSED, BLOCKED).',
  access: 'tenant',
  scope: 'tasks:read',
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(2000).optional(),
      status: z.enum(['DRAFT', 'ACTIVE', 'PAUSED', 'BLOCKED']).optional(),
    }),
  },
  output: campaignListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listCampaigns(requireTenant(ctx).table, query),
});
export const handler = lambdaHandler(operation);
