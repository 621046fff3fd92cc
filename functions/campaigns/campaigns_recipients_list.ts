import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listRecipients } from '../../shared/mailing/campaigns/recipients.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, recipientsQuery } from './schema.js';
import { recipientOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_recipients_list',
  method: 'GET',
  path: '/api/campaigns/{id}/recipients',
  tag: 'campaigns',
  summary: 'List a campaign’s recipients (by state)',
  description:
    'Query status (NEW, SCREENED, SKIPPED, READY, CREATIVE_FAILED, SENT), reason (e.g. status=SKIPPED&reason=geo_manual_confirm: RU recipients awaiting campaigns_confirm_recipients; a filter, so a page may be short: follow nextCursor), limit, cursor. ' +
    'Each row: state, reason, country, geoPolicy, consent, audit iterations and categories.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath, query: recipientsQuery },
  output: z.looseObject({
    data: z.array(recipientOutput).describe('The items of this page'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listRecipients(requireTenant(ctx).table, path.id, query),
});
export const handler = lambdaHandler(operation);
