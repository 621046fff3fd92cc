import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { relayHealth } from '../../shared/mailing/senders/lifecycle.js';
import { accountIdPath } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { EmailAccount } from '../../shared/mailing/senders/entities.js';
import { UNSENDABLE_REASONS } from '../../shared/mailing/senders/transport.js';

const account = EmailAccount.output.shape;

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
  output: checkedOutput(
    z.looseObject({
      accountId: z.string(),
      status: account.status,
      sendable: z.boolean().describe('The mailbox can send now'),
      reason: z.enum(UNSENDABLE_REASONS).nullable().describe('Why it cannot send now (null when sendable)'),
      today: z.looseObject({
        day: z.string().describe('UTC day (YYYY-MM-DD)'),
        cap: z.number().nullable().describe('null = no cap'),
        sent: z.number(),
        remaining: z.number().nullable().describe('null = no cap'),
      }),
      last7Days: z.looseObject({ ...counts, days: z.array(z.looseObject({ day: z.string(), ...counts })).describe('Only the days it sent, oldest first') }),
      totals: z.looseObject(counts),
      lastSmtpError: z.looseObject({ message: z.string(), at: z.string().nullable() }).nullable(),
      lastSentAt: z.string().nullable().describe('ISO 8601 time of the last accepted send (null: none)'),
      lastConnectionCheck: account.lastConnectionCheck,
      dns: z
        .looseObject({ status: account.dnsStatus, checkedAt: z.string().nullable(), acknowledgedAt: z.string().nullable() })
        .describe('The last checkDns verdict'),
      warmup: z
        .looseObject({
          startPerDay: z.number(),
          increasePerDay: z.number(),
          maxPerDay: z.number(),
          startedAt: z.string().nullable().optional().describe('ISO 8601 time the warm-up started'),
        })
        .nullable()
        .describe('The warm-up ramp (null: none)'),
      capByDay: z
        .array(
          z.looseObject({
            day: z.string(),
            cap: z.number().nullable().describe('null = no cap'),
            sent: z.number().nullable().describe('null for days to come'),
          }),
        )
        .describe('The daily cap against what was sent, per UTC day'),
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
