import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { confirmRecipients, CONFIRM_MAX } from '../../shared/mailing/campaigns/confirm.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath, id } from './schema.js';

const stateOf = z.looseObject({ contactId: z.string(), status: z.string(), reason: z.string().nullable() });
export const operation = defineOperation({
  operationId: 'campaigns_confirm_recipients',
  method: 'POST',
  path: '/api/campaigns/{id}/recipients/confirm',
  tag: 'campaigns',
  summary: 'Confirm manual-confirm (RU) recipients with their consent evidence',
  description:
    `Body {contactIds (1..${CONFIRM_MAX}), evidence}: RU recipients need prior consent and are SKIPPED geo_manual_confirm at screen (list them: campaigns_recipients_list ?status=SKIPPED&reason=geo_manual_confirm). ` +
    'Each one in that state gets consent {confirmedBy, confirmedAt, evidence} recorded and is screened again (the other rules still apply) → SCREENED, then prepared like any newly screened recipient. ' +
    'Ids in another state come back in notManualConfirm, ids that are no recipient of this campaign in notFound (not errors). Free; safe to repeat.',
  access: 'tenant',
  scope: 'tasks:write',
  input: {
    path: campaignIdPath,
    body: z.strictObject({
      contactIds: z.array(id).min(1).max(CONFIRM_MAX).describe('Recipient ids (the contactId of campaigns_recipients_list rows)'),
      evidence: z.string().trim().min(1).max(2000).describe('How the prior consent was obtained (where, when, reference): stored on each recipient'),
    }),
  },
  output: z.looseObject({
    campaignId: z.string().describe('The campaign'),
    confirmed: z.number().describe('Moved out of manual confirm by this call'),
    screened: z.number().describe('Of those, SCREENED now (ready to prepare)'),
    skipped: z.record(z.string(), z.number()).describe('Of those, SKIPPED again by another screen rule, by reason'),
    results: z.array(stateOf).describe('Each confirmed recipient with its state now'),
    notManualConfirm: z.array(stateOf).describe('Not in manual confirm (already confirmed, another state): unchanged'),
    notFound: z.array(z.string()).describe('No recipient of this campaign'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => confirmRecipients(ctx.deps, requireTenant(ctx).tenantId, path.id, body, actorOf(ctx)),
  guidance: (r) =>
    r.screened
      ? {
          next: 'campaigns_preparations_start',
          why: `${r.screened} confirmed recipients are SCREENED: PLATFORM prepares them (a running preparation picks them up); BYOC submits their renders (campaigns_submit_rendered_emails).`,
          check: `POST /api/campaigns/${r.campaignId}/preparations`,
        }
      : {
          next: 'campaigns_recipients_list',
          why: 'Nothing new to prepare.',
          check: `GET /api/campaigns/${r.campaignId}/recipients?status=SKIPPED&reason=geo_manual_confirm`,
        },
});
export const handler = lambdaHandler(operation);
