import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { statsOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

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
  output: uncheckedOutput(
    z.looseObject({
      funnel: z.looseObject({
        cards: z.record(z.string(), z.number()).describe('queued, withDomain, processed, ok, down, noSite'),
        domains: z.record(z.string(), z.number()).describe('uniqueInScope, processed, ok, down'),
      }),
      collected: z.record(z.string(), z.number().nullable()).describe('emailsAdded, phonesAdded, socialAdded, titleFound; null while ok is 0'),
      byMethod: z.looseObject({ fetch: z.number(), browser: z.number() }),
      byReason: z.record(z.string(), z.number()).describe('Results by reasonCode'),
      pace: z.looseObject({ state: z.string().describe('Pace state') }),
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
