import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { checkAccountDns } from '../../shared/mailing/senders/dns-health.js';
import { accountIdPath } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

const check = z.looseObject({
  check: z.enum(['spf', 'dkim', 'dmarc']),
  status: z.enum(['pass', 'warn', 'fail']),
  found: z.boolean(),
  record: z.string().nullable().describe('The TXT record read'),
  detail: z.string(),
  fix: z.string().nullable().describe('What to change, when not pass'),
});

export const operation = defineOperation({
  operationId: 'EmailAccountsController_checkDns',
  method: 'POST',
  path: '/api/email-accounts/{id}/check-dns',
  tag: 'senders',
  summary: 'Check SPF, DKIM and DMARC of the sending domain',
  description:
    'SPF: one record that authorises the SMTP host address; DKIM: a key under a usual selector (or dkimSelector); DMARC: record and policy. Each pass/warn/fail with a fix. Mandatory: a failing domain is not sendable until fixed or acknowledged (PATCH dnsAcknowledged:true).',
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['function:mailbox_probe'],
  input: {
    path: accountIdPath,
    body: z
      .strictObject({
        dkimSelector: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,63}$/)
          .optional(),
      })
      .optional(),
  },
  output: z.looseObject({
    accountId: z.string(),
    domain: z.string(),
    status: z.enum(['pass', 'warn', 'fail']).describe('The worst check'),
    checkedAt: z.string(),
    checks: z.array(check),
    sendable: z.boolean(),
    acknowledged: z.boolean(),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => checkAccountDns(ctx.deps, requireTenant(ctx).table, path.id, body ?? {}),
  guidance: (r) =>
    r.status === 'fail'
      ? {
          next: 'EmailAccountsController_checkDns',
          why: `DNS fails (${r.checks
            .filter((c) => c.status === 'fail')
            .map((c) => c.check)
            .join(', ')}): apply the fix hints, then check again.`,
        }
      : {
          next: 'EmailAccountsController_warmupStart',
          why: 'DNS is healthy enough to send; warm-up is optional but advised for new mailboxes.',
          check: `POST /api/email-accounts/${r.accountId}/warmup/start`,
        },
});
export const handler = lambdaHandler(operation);
