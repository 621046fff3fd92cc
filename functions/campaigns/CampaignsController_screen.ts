import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { screen } from '../../shared/mailing/campaigns/screen.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_screen',
  method: 'POST',
  path: '/api/campaigns/{id}/screen',
  tag: 'campaigns',
  summary: 'Screen NEW recipients: SCREENED or SKIPPED (free)',
  description:
    'NEW → SCREENED or SKIPPED with a reason: suppressed, stop_listed, non_target_role (the brief’s icp.nonTargetRoles), geo_opt_in_only (DE/AT), geo_manual_confirm (RU: until campaigns_confirm_recipients records its consent). ' +
    'Country: the contact’s, else its company’s, else the ccTLD. GDPR-zone recipients pass and get the source disclosure in the footer. Free of charge; safe to repeat.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  output: z.looseObject({
    campaignId: z.string(),
    screened: z.number().describe('Moved NEW → SCREENED'),
    skipped: z.number().describe('Moved NEW → SKIPPED'),
    reasons: z.record(z.string(), z.number()).describe('SKIPPED by reason'),
    more: z.boolean().describe('NEW recipients are left after the bounded run: screen again'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => screen(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: (_r, { path }) => ({
    next: 'campaigns_preparations_start',
    why: 'PLATFORM: prepare (render + audit) the SCREENED recipients; BYOC: campaigns_submit_rendered_emails.',
    check: `POST /api/campaigns/${path.id}/preparations`,
  }),
});
export const handler = lambdaHandler(operation);
