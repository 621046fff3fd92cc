import * as z from 'zod';
import { badRequest } from '../../shared/platform/errors.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { rawOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_raw',
  method: 'GET',
  path: '/api/site-enrichment/raw',
  tag: 'enrichment',
  summary: 'Raw page snapshots of a company',
  description:
    'RawFetch rows (page, url, finalUrl, httpStatus, method, durationMs, rawText ≤ 8000 chars with truncated/rawChars) for OK results of the last 12 h, when snapshots are enabled. companyId is required (400). An empty data[] is normal.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    query: z.strictObject({
      companyId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[^#]+$/)
        .optional(),
    }),
  },
  output: uncheckedOutput(
    z.looseObject({ data: z.array(z.looseObject({ page: z.string(), url: z.string(), rawText: z.string() })).describe('RawFetch rows, newest first') }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    if (!query.companyId) throw badRequest(['companyId is required']);
    return rawOf(requireTenant(ctx).table, query.companyId, ctx.deps.clock.now());
  },
  guidance: () => ({ next: 'site_enrichment_tasks_items', why: 'Results per company.', check: 'GET /api/site-enrichment/tasks/{id}/items' }),
});
export const handler = lambdaHandler(operation);
