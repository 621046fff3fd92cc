import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { relayHealth } from '../../shared/mailing/senders/lifecycle.js';
import { accountIdPath } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

const counts = {
  sent: z.number(),
  failed: z.number().describe('4xx / connection failures (deferred)'),
  bounced: z.number().describe('5xx refusals (hard bounces)'),
};

export const operation = defineOperation({
  operationId: 'EmailAccountsController_relayHealth',
  method: 'GET',
  path: '/api/email-accounts/{id}/relay-health',
  tag: 'senders',
  summary: "Relay health of a mailbox: sends, failures, bounces, last SMTP error, today's cap",
  description:
    "Whether the mailbox can send now (sendable, reason: suspended, dns_unchecked, dns_failed, connection_failed, oauth_refresh_failed, daily_cap_reached), today's cap and use, last 7 UTC days, totals, the last SMTP error, and capByDay: the daily cap (the warm-up ramp, else dailyLimit) against what was sent, per UTC day from the warm-up's start (at most 13 days back) to 7 days ahead (sent null for days to come).",
  access: 'tenant',
  scope: 'accounts:read',
  input: { path: accountIdPath },
  output: uncheckedOutput(
    z.looseObject({
      accountId: z.string(),
      status: z.string(),
      sendable: z.boolean(),
      reason: z.string().nullable(),
      today: z.looseObject({ day: z.string(), cap: z.number().nullable(), sent: z.number(), remaining: z.number().nullable() }),
      last7Days: z.looseObject({ ...counts, days: z.array(z.looseObject({ day: z.string(), ...counts })) }),
      totals: z.looseObject(counts),
      lastSmtpError: z.looseObject({ message: z.string(), at: z.string().nullable() }).nullable(),
      capByDay: z.array(z.looseObject({ day: z.string(), cap: z.number().nullable().describe('null = no cap'), sent: z.number().nullable() })),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => relayHealth(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: (r) =>
    r.sendable
      ? { next: 'tasks_create', why: 'The mailbox can send; use its id as accountId.' }
      : {
          next:
            r.reason === 'dns_unchecked' || r.reason === 'dns_failed'
              ? 'EmailAccountsController_checkDns'
              : r.reason === 'connection_failed'
                ? 'EmailAccountsController_testConnection'
                : 'EmailAccountsController_get',
          why: `Not sendable: ${r.reason}.`,
        },
});
export const handler = lambdaHandler(operation);
