import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { sendReadiness } from '../../shared/mailing/campaigns/send.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';
import { readinessOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_sendReadiness',
  method: 'GET',
  path: '/api/campaigns/{id}/send-readiness',
  tag: 'campaigns',
  summary: 'Read-only dry run of every send gate',
  description:
    'Gates: campaign status, sender (approved mailbox, DNS healthy or acknowledged, connection), READY recipients, balance, campaign_guarantee acceptance, compliance footer address; ' +
    'reports effective.sendWindow {source, configured, windowOpen, nextOpenAt}, the tracking domain and placement advice. Changes nothing.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath },
  output: readinessOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => sendReadiness(ctx.deps, requireTenant(ctx).tenantId, path.id),
  guidance: (r) =>
    r.ready
      ? {
          next: 'CampaignsController_send',
          why: 'All gates pass: send by measurement, start with limit=1.',
          check: `POST /api/campaigns/${r.campaignId}/send {"limit":1}`,
        }
      : { next: null, why: `Blocked by: ${r.blockers.join(', ')}.` },
});
export const handler = lambdaHandler(operation);
