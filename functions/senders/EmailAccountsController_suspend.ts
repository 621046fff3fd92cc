import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { suspendAccount } from '../../shared/mailing/senders/lifecycle.js';
import { accountIdPath, accountOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_suspend',
  method: 'POST',
  path: '/api/email-accounts/{id}/suspend',
  tag: 'senders',
  summary: 'Suspend a mailbox (no sends until resumed)',
  description:
    'Body {reason?}. The send engine skips a SUSPENDED mailbox. OAuth refresh failures suspend automatically with reason oauth_refresh_failed, a bounce rate over the workspace threshold with reason bounce_rate_exceeded (SettingsController_getBounceGuard). Resume with EmailAccountsController_resume.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: accountIdPath, body: z.strictObject({ reason: z.string().trim().min(1).max(200).optional() }).optional() },
  output: accountOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => suspendAccount(ctx.deps, requireTenant(ctx).table, path.id, body?.reason),
  guidance: (a) => ({ next: 'EmailAccountsController_resume', why: 'Resume when the cause is fixed.', check: `POST /api/email-accounts/${a.id}/resume` }),
});
export const handler = lambdaHandler(operation);
