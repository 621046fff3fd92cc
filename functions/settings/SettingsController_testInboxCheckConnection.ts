import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { testSeedMailboxes } from '../../shared/mailing/deliverability/inbox-check.js';
import { lambdaHandler } from '../lambda.js';

const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.\-:[\]]+$/);

export const operation = defineOperation({
  operationId: 'SettingsController_testInboxCheckConnection',
  method: 'POST',
  path: '/api/settings/inbox-check/test-connection',
  tag: 'settings',
  summary: 'Test the IMAP logins of seed mailboxes used by inbox-placement tests',
  description:
    'Body {mailboxes:[{email, provider?, imapHost, imapPort, imapUser, imapPass}], save?}. Logs in to each (LOGIN + SELECT INBOX) and answers per mailbox {ok, code, message}. save:true (ADMIN+) stores the list when every login passes (passwords encrypted). Max 10 mailboxes.',
  access: 'tenant',
  scope: 'workspace:write',
  resources: ['function:mailbox_probe'],
  input: {
    body: z.strictObject({
      mailboxes: z
        .array(
          z.strictObject({
            email: z.string().trim().max(254).email(),
            provider: z
              .enum(['gmail', 'microsoft', 'yahoo', 'yandex', 'mailru', 'other'])
              .optional()
              .describe('Which column of the deliverability matrix this seed measures'),
            imapHost: host,
            imapPort: z.number().int().min(1).max(65535),
            imapUser: z.string().min(1).max(254),
            imapPass: z.string().min(1).max(512),
          }),
        )
        .min(1)
        .max(10),
      save: z.boolean().optional(),
    }),
  },
  output: z.looseObject({
    ok: z.boolean(),
    saved: z.boolean(),
    results: z.array(
      z.looseObject({
        email: z.string(),
        ok: z.boolean(),
        code: z.string().optional(),
        reason: z.string().optional().describe('Why the login failed (auth_failed, no_inbox, …)'),
        message: z.string().optional(),
      }),
    ),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => testSeedMailboxes(ctx, requireTenant(ctx).table, body.mailboxes, body.save === true),
  guidance: (r) => ({
    next: r.ok ? 'CreativesController_startInboxPlacementTest' : 'SettingsController_testInboxCheckConnection',
    why: r.ok ? 'Seeds log in; placement tests can read them.' : 'Fix the failing seed logins and test again.',
  }),
});
export const handler = lambdaHandler(operation);
