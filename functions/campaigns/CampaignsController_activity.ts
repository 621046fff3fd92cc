import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listActivity } from '../../shared/mailing/campaigns/campaigns.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, pageQuery } from './schema.js';
import { Activity } from '../../shared/mailing/campaigns/entities.js';

const { activityId, at, actor, action, reason, detail } = Activity.output.shape;

export const operation = defineOperation({
  operationId: 'CampaignsController_activity',
  method: 'GET',
  path: '/api/campaigns/{id}/activity',
  tag: 'campaigns',
  summary: 'Campaign log: who did what and why',
  description:
    'Newest first: created, preparation_started, preparation_resumed (a restarted runtime took the run over), activated, send, paused (actor and reason, e.g. the system for insufficient_balance), resumed, degraded, ai_recovered, blocked, recipients_confirmed (who vouched for RU consent, with the evidence) ... Read-only.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath, query: pageQuery },
  output: z.looseObject({
    data: z.array(z.looseObject({ id: activityId, at, actor, action, reason, detail })).describe('The log, newest first'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
  hints: { readOnly: true, idempotent: true },
  // Pure read: a pause by the send engine is written to the log by the conveyor (or the next send/pause/resume).
  handler: async ({ path, query }, ctx) => listActivity(requireTenant(ctx).table, path.id, query),
});
export const handler = lambdaHandler(operation);
