import * as z from 'zod';
import { getMatrix } from '../../shared/mailing/deliverability/matrix.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';

const cell = z.looseObject({
  sent: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  replied: z.number(),
  inbox: z.number().describe('Placement tests: landed in the inbox'),
  spam: z.number(),
  missing: z.number(),
  inboxRate: z.number().nullable().describe('inbox / (inbox + spam + missing); null without placement data'),
});

export const operation = defineOperation({
  operationId: 'DeliverabilityController_getMatrix',
  method: 'GET',
  path: '/api/deliverability/matrix',
  tag: 'deliverability',
  summary: 'Deliverability per sender mailbox × recipient provider',
  description:
    'Rows: sender mailboxes; columns: providers by recipient MX (gmail, microsoft, yahoo, yandex, mailru, other). Cells: sent, delivered, bounced, replied and inbox/spam/missing placement. Zeros until sends or placement tests are recorded.',
  access: 'tenant',
  scope: 'accounts:read',
  input: {},
  output: z.looseObject({
    providers: z.array(z.string()),
    counters: z.array(z.string()),
    rows: z.array(z.looseObject({ accountId: z.string(), email: z.string(), providers: z.record(z.string(), cell) })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => getMatrix(requireTenant(ctx).table),
  guidance: (m) => ({
    next: m.rows.length ? 'CreativesController_startInboxPlacementTest' : 'EmailAccountsController_create',
    why: m.rows.length
      ? 'Placement per provider comes from inbox-placement tests; on spam change one variable at a time (relay, creative, volume).'
      : 'Connect a sender mailbox first.',
  }),
});
export const handler = lambdaHandler(operation);
