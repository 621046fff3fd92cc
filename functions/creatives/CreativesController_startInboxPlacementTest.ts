import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { startPlacementTest } from '../../shared/mailing/creatives/placement.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
export const placementOutput = z.looseObject({
  id: z.string().describe('Poll creatives_inbox_placement_get with it'),
  creativeId: z.string(),
  accountId: z.string().describe('Sender account'),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  timeoutSeconds: z.number(),
  seeds: z.array(
    z.looseObject({
      accountId: z.string().nullable().describe('The connected account read as this seed; null for a seed mailbox saved by testInboxCheckConnection'),
      email: z.string(),
      provider: z.string().describe('gmail, microsoft, yahoo, yandex, mailru, other'),
      placement: z.enum(['pending', 'inbox', 'spam', 'missing', 'send_failed']),
      folder: z.string().nullable(),
      smtp: z.string().nullable(),
    }),
  ),
  summary: z.looseObject({ inbox: z.number(), spam: z.number(), missing: z.number() }).optional().describe('When DONE'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const operation = defineOperation({
  operationId: 'CreativesController_startInboxPlacementTest',
  method: 'POST',
  path: '/api/creatives/{id}/inbox-placement-tests',
  tag: 'creatives',
  summary: 'Send a creative to the seed mailboxes and see where it lands',
  description:
    'Body {accountId (sender), contactId?, companyId?, timeoutSeconds? 10-900, default 300}. Answers 202 at once; in the background one copy goes to each seed mailbox ' +
    '(saved by SettingsController_testInboxCheckConnection with save:true; 400 no_seed_mailboxes when none) and IMAP tells inbox, spam (Junk/Spam folders) or missing after the timeout, per provider; results feed the deliverability matrix. Paid: inbox_placement_test, once per test started (402 insufficient_balance starts nothing).',
  access: 'tenant',
  scope: 'creatives:write',
  input: {
    path: creativeIdParam,
    body: z.strictObject({ accountId: id, contactId: id.optional(), companyId: id.optional(), timeoutSeconds: z.number().int().min(10).max(900).optional() }),
  },
  output: placementOutput,
  successStatus: 202,
  resources: ['queue:creative-placement'],
  billing: 'inbox_placement_test',
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) =>
    // The stored item (toPlacement) is untyped; its shape is the output's, checked by the contract test.
    (await startPlacementTest(ctx.deps, requireTenant(ctx).tenantId, { creativeId: path.id, ...body })) as unknown as z.infer<typeof placementOutput>,
  guidance: (t) => ({ next: 'creatives_inbox_placement_get', why: `Poll until status is DONE (up to ${t.timeoutSeconds} s).` }),
});
export const handler = lambdaHandler(operation);
