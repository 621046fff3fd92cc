import * as z from 'zod';
import { badRequest } from '../../shared/platform/errors.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { rawOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

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
  output: checkedOutput(
    z.looseObject({
      data: z
        .array(
          z.looseObject({
            companyId: z.string().describe('Company id'),
            taskId: z.string().describe('The task whose visit read the page'),
            page: z.enum(['home', 'contacts']),
            url: z.string().describe('The URL requested'),
            finalUrl: z.string().describe('The URL after redirects'),
            httpStatus: z.number().nullable().describe('HTTP status (null when the browser rendered the page)'),
            method: z.enum(['fetch', 'browser']),
            durationMs: z.number(),
            rawText: z.string().describe('The text of the page, at most 8000 characters'),
            truncated: z.boolean().describe('true when rawText was cut'),
            rawChars: z.number().describe('Length of the whole text'),
            screenshotFileId: z.string().nullable().describe("The home page's screenshot (saveScreenshot tasks), else null"),
            createdAt: z.string().describe('When it was read (ISO 8601)'),
            expiresAt: z.string().describe('When the row is deleted (ISO 8601)'),
          }),
        )
        .describe('RawFetch rows, newest first'),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    if (!query.companyId) throw badRequest(['companyId is required']);
    return rawOf(requireTenant(ctx).table, query.companyId, ctx.deps.clock.now());
  },
  guidance: () => ({ next: 'site_enrichment_tasks_items', why: 'Results per company.', check: 'GET /api/site-enrichment/tasks/{id}/items' }),
});
export const handler = lambdaHandler(operation);
