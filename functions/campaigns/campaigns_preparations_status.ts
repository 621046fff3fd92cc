import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getGeneration } from '../../shared/mailing/campaigns/preparation-runs.js';
import { lambdaHandler } from '../lambda.js';
import { id } from './schema.js';
import { generationOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_preparations_status',
  method: 'GET',
  path: '/api/campaigns/{id}/preparations/{generationId}',
  tag: 'campaigns',
  summary: 'Status of a PLATFORM preparation',
  description: 'running, completed or failed (error: AI_STAGES_HALTED, insufficient_balance, campaign_blocked ...), with processed/ready/failed counts.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: z.strictObject({ id, generationId: id }) },
  output: generationOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getGeneration(requireTenant(ctx).table, path.id, path.generationId),
  guidance: (g) =>
    g.status === 'running'
      ? { next: 'campaigns_preparations_status', why: 'Still running: poll again in a few seconds.' }
      : { next: 'CampaignsController_sendReadiness', why: `Preparation ${g.status}: ${g.ready} READY. Check the send gates.` },
});
export const handler = lambdaHandler(operation);
