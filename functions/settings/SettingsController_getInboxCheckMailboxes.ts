import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getSeedMailboxes } from '../../shared/mailing/deliverability/inbox-check.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'SettingsController_getInboxCheckMailboxes',
  method: 'GET',
  path: '/api/settings/inbox-check/mailboxes',
  tag: 'settings',
  summary: 'The saved seed mailboxes of inbox-placement tests (never their passwords)',
  description:
    '{mailboxes:[{email, provider?, imapHost, imapPort, imapUser}]}: the list the last SettingsController_testInboxCheckConnection with save:true stored, in its order; [] when none was saved. The IMAP passwords stay encrypted at rest and are never answered. One read of the workspace setting.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: z.strictObject({
    mailboxes: z.array(
      z.strictObject({
        email: z.string(),
        provider: z.string().optional(),
        imapHost: z.string(),
        imapPort: z.number(),
        imapUser: z.string(),
      }),
    ),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => ({
    mailboxes: (await getSeedMailboxes(requireTenant(ctx).table)).map(({ email, provider, imapHost, imapPort, imapUser }) => ({
      email,
      ...(provider ? { provider } : {}),
      imapHost,
      imapPort,
      imapUser,
    })),
  }),
  guidance: (r) => ({
    next: r.mailboxes.length ? 'CreativesController_startInboxPlacementTest' : 'SettingsController_testInboxCheckConnection',
    why: r.mailboxes.length ? 'Seeds are saved: a placement test can use them.' : 'No seeds saved: test and save some first.',
  }),
});
export const handler = lambdaHandler(operation);
