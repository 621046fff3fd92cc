import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listCreatives } from '../../shared/mailing/creatives/creatives.js';
import { CREATIVE_TYPES, creativeOutput } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';
import { pageQuery } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_list',
  method: 'GET',
  path: '/api/creatives',
  tag: 'creatives',
  summary: 'List creatives',
  description:
    'Newest first. Query pageSize (1-100, default 20), cursor (the previous nextCursor), type (EMAIL, ATTACHMENT, FORM, VK, TELEGRAM, WHATSAPP, LINKEDIN).',
  access: 'tenant',
  scope: 'creatives:read',
  input: { query: z.strictObject({ ...pageQuery, type: z.enum(CREATIVE_TYPES).optional() }) },
  output: z.looseObject({
    data: z.array(creativeOutput),
    pageSize: z.number(),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null at the end'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listCreatives(requireTenant(ctx).table, query),
  guidance: (p) =>
    p.nextCursor
      ? { next: 'creatives_list', why: 'More creatives: pass nextCursor.' }
      : { next: 'creatives_create', why: `${p.data.length} creatives on the last page.` },
});
export const handler = lambdaHandler(operation);
