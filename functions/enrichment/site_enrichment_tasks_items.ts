import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { ITEM_STATUSES } from '../../shared/research/enrichment/entities.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { itemsOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_items',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/items',
  tag: 'enrichment',
  summary: 'Per-company results of a site enrichment task',
  description:
    'One row per company: status (OK, DOWN, NO_SITE; PENDING while queued), reasonCode, method, title, sourceUrls, counts/added. Filters status, reasonCode; cursor pages.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: taskIdPath,
    query: z.strictObject({
      status: z.enum(ITEM_STATUSES).optional(),
      reasonCode: z
        .string()
        .regex(/^[a-z0-9_]{1,64}$/)
        .optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(2000).optional(),
    }),
  },
  output: checkedOutput(
    z.looseObject({
      data: z
        .array(
          z.looseObject({
            companyId: z.string().describe('Company id'),
            host: z.string().nullable().describe('The normalised host visited (null: the company has no usable domain)'),
            url: z.string().nullable().describe('The URL visited first'),
            status: z.enum(['PENDING', ...ITEM_STATUSES]).describe('PENDING until visited, then OK, DOWN or NO_SITE'),
            reasonCode: z.string().nullable().describe('Why the site was DOWN or NO_SITE (lower_snake)'),
            method: z.enum(['fetch', 'browser']).nullable().describe('How the site was read'),
            title: z.string().nullable().describe("The site's title"),
            description: z.string().nullable().describe("The site's meta description"),
            sourceUrls: z.array(z.string()).describe('Pages the findings came from'),
            counts: z
              .looseObject({ emails: z.number(), phones: z.number(), social: z.number() })
              .nullable()
              .describe('Contacts found on the site (null until OK)'),
            added: z
              .looseObject({ emails: z.number(), phones: z.number(), social: z.number(), forms: z.number() })
              .nullable()
              .describe('What was new to the company card (null until OK)'),
            screenshot: z
              .looseObject({ fileId: z.string(), sourceUrl: z.string(), bytes: z.number(), expiresAt: z.string() })
              .nullable()
              .describe('saveScreenshot: the home page JPEG (site_enrichment_tasks_screenshot), kept 12 h'),
            processedAt: z.string().nullable().describe('When the company was processed (ISO 8601)'),
          }),
        )
        .describe('One result per company'),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    await getTaskRecord(table, path.id);
    return itemsOf(table, path.id, query);
  },
  guidance: () => ({ next: 'site_enrichment_tasks_raw', why: 'What the crawler read for an OK company.', check: 'GET /api/site-enrichment/raw?companyId=...' }),
});
export const handler = lambdaHandler(operation);
