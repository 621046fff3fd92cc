import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { campaignSeries, SERIES_BUCKETS, SERIES_MAX_BUCKETS } from '../../shared/mailing/campaigns/reports.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';

const counts = z.array(z.number());
export const operation = defineOperation({
  operationId: 'campaigns_metrics_series',
  method: 'GET',
  path: '/api/campaigns/{id}/metrics/series',
  tag: 'campaigns',
  summary: 'Campaign metrics over time: sent, delivered, bounced, opened, clicked, replied per hour or day',
  description:
    'Query bucket = hour (default) or day, in UTC. times[] are the bucket starts (unix seconds) from the first event to the last, empty buckets included; ' +
    `each event list has one count per time: recipients whose send, delivery, bounce, first open, first click or first reply fell in it (unique per recipient, as in CampaignsController_metrics). ` +
    `At most ${SERIES_MAX_BUCKETS.hour} hours or ${SERIES_MAX_BUCKETS.day} days, the latest (truncated: true when earlier ones were left off). ` +
    'Read from the time stamps the send items already carry; nothing is written per send for it. DynamoDB cost: one eventually consistent Query over the campaign’s send items, ' +
    'about 0.5 read units per 4 KB of items read (a recipient’s item holds its rendered email: 10,000 recipients ≈ 20–40 MB ≈ 2,500–5,000 read units), so poll it sparingly (a page refreshes it at most once a minute).',
  access: 'tenant',
  scope: 'tasks:read',
  input: {
    path: campaignIdPath,
    query: z.strictObject({ bucket: z.enum(Object.keys(SERIES_BUCKETS) as ['hour', 'day']).default('hour') }),
  },
  output: z.looseObject({
    campaignId: z.string(),
    bucket: z.enum(['hour', 'day']),
    bucketSeconds: z.number(),
    times: z.array(z.number()).describe('Bucket starts, unix seconds (UTC)'),
    sent: counts,
    delivered: counts,
    bounced: counts,
    opened: counts,
    clicked: counts,
    replied: counts,
    items: z.number().describe('Send items read'),
    truncated: z.boolean(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => campaignSeries(ctx.deps, requireTenant(ctx).tenantId, path.id, query.bucket),
});
export const handler = lambdaHandler(operation);
