import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { submitRenderedEmails } from '../../shared/mailing/campaigns/byoc.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, id } from './schema.js';
import { CAMPAIGN_STATUSES } from '../../shared/mailing/campaigns/entities.js';

export const operation = defineOperation({
  operationId: 'campaigns_submit_rendered_emails',
  method: 'POST',
  path: '/api/campaigns/{id}/rendered-emails',
  tag: 'campaigns',
  summary: 'BYOC: submit finished renders for SCREENED recipients',
  description:
    'Body {emails: [{contactId, subject, html, text?}]} (1..100). Each row is audited (mandatory, paid: audit, or audit_failed at the reduced price; nothing else is billed): READY, or REJECTED with auditCategories ' +
    '(resubmit a corrected render; the 5th failed iteration makes it CREATIVE_FAILED). Rows for recipients that are not SCREENED come back NOT_ACCEPTED with a reason.',
  access: 'tenant',
  scope: 'tasks:write',
  input: {
    path: campaignIdPath,
    body: z.strictObject({
      emails: z
        .array(
          z.strictObject({
            contactId: id,
            subject: z.string().trim().min(1).max(300),
            html: z.string().min(1).max(200_000),
            text: z.string().max(200_000).optional(),
          }),
        )
        .min(1)
        .max(100),
    }),
  },
  output: z.looseObject({
    campaignId: z.string(),
    campaignStatus: z.enum(CAMPAIGN_STATUSES).describe('BLOCKED once the audit budget is spent'),
    accepted: z.number().describe('READY'),
    rejected: z.number().describe('REJECTED by the audit: resubmit a corrected render'),
    notAccepted: z.number(),
    results: z.array(
      z.looseObject({
        contactId: z.string(),
        status: z.enum(['READY', 'REJECTED', 'NOT_ACCEPTED']),
        reason: z.string().nullable().describe('audit_failed, recipient_<state>, not_a_recipient, campaign_blocked, AI_STAGES_HALTED, insufficient_balance'),
        auditCategories: z.array(z.string()).describe('Rules (and AI categories) that failed the audit'),
        auditIterations: z.number().describe('Audit iterations of the recipient so far (the 5th failed one makes it CREATIVE_FAILED)'),
      }),
    ),
  }),
  resources: ['platformTable:write', 'function:content_rules'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => submitRenderedEmails(ctx.deps, requireTenant(ctx).tenantId, path.id, body.emails),
  guidance: (r, { path }) => ({
    next: r.rejected ? 'campaigns_submit_rendered_emails' : 'CampaignsController_sendReadiness',
    why: r.rejected ? `${r.rejected} rejected: fix the auditCategories and resubmit those rows.` : 'Renders accepted: check the send gates.',
    check: `GET /api/campaigns/${path.id}/send-readiness`,
  }),
});
export const handler = lambdaHandler(operation);
