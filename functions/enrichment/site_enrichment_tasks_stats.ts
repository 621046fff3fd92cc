import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { TASK_STATUSES } from '../../shared/research/enrichment/entities.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { statsOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_stats',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/stats',
  tag: 'enrichment',
  summary: 'Funnel, yield and pace of a site enrichment task',
  description:
    'funnel.cards, funnel.domains, collected (null while ok is 0), byMethod, byReason and pace (finished, paused, insufficient_data, no_progress, steady {etaSeconds}, uneven {etaSecondsMin, etaSecondsMax}).',
  access: 'tenant',
  scope: 'crm:read',
  input: { path: taskIdPath },
  output: checkedOutput(
    z.looseObject({
      taskId: z.string().describe('Task id'),
      status: z.enum(TASK_STATUSES),
      funnel: z.looseObject({
        cards: z
          .looseObject({ queued: z.number(), withDomain: z.number(), processed: z.number(), ok: z.number(), down: z.number(), noSite: z.number() })
          .describe('Companies at each stage'),
        domains: z.looseObject({ uniqueInScope: z.number(), processed: z.number(), ok: z.number(), down: z.number() }).describe('Distinct hosts at each stage'),
      }),
      collected: z
        .looseObject({
          emailsAdded: z.number().nullable(),
          phonesAdded: z.number().nullable(),
          socialAdded: z.number().nullable(),
          titleFound: z.number().nullable(),
        })
        .describe('What the crawl added to the cards; each null while ok is 0'),
      byMethod: z.looseObject({ fetch: z.number(), browser: z.number() }).describe('Sites read by plain fetch and by the browser'),
      byReason: z.record(z.string(), z.number()).describe('Processed results by reasonCode'),
      pace: z
        .discriminatedUnion('state', [
          z.looseObject({ state: z.literal('finished') }),
          z.looseObject({ state: z.literal('paused') }),
          z.looseObject({ state: z.literal('insufficient_data') }),
          z.looseObject({ state: z.literal('no_progress') }),
          z.looseObject({ state: z.literal('steady'), etaSeconds: z.number() }),
          z.looseObject({ state: z.literal('uneven'), etaSecondsMin: z.number(), etaSecondsMax: z.number() }),
        ])
        .describe(
          'finished, paused, insufficient_data (too little to estimate), no_progress (nothing for 60 s), steady {etaSeconds}, uneven {etaSecondsMin, etaSecondsMax}',
        ),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    return statsOf(table, await getTaskRecord(table, path.id), ctx.deps.clock.now());
  },
  guidance: (_r, i) => ({
    next: 'site_enrichment_tasks_reason_summary',
    why: 'Why sites were DOWN.',
    check: `GET /api/site-enrichment/tasks/${i.path.id}/reason-summary`,
  }),
});
export const handler = lambdaHandler(operation);
