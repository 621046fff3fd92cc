import * as z from 'zod';
import { LocalOutboxMailer } from '../../shared/platform/adapters/mail/local-outbox.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';
import { local_outbox_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'local_outbox_list',
  method: 'GET',
  path: '/_local/outbox',
  tag: 'local',
  summary: 'Platform mail sent by the local runtime (newest first)',
  description: 'Local runtime only (404 when deployed). {data:[{to, subject, text, html, links, createdAt}]}, newest first; `to` filters by recipient.',
  output: local_outbox_listOutput,
  access: 'public',
  localOnly: true,
  mcp: false,
  input: { query: z.strictObject({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    const outbox = new LocalOutboxMailer(ctx.deps.platform, ctx.deps.clock);
    const data = await outbox.list(query.to ? 500 : query.limit);
    return { data: query.to ? data.filter((m) => m.to === query.to?.toLowerCase()).slice(0, query.limit) : data };
  },
});

export const handler = lambdaHandler(operation);
