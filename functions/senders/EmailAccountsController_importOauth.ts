import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { COMBO_FORMAT, importOAuthCombo } from '../../shared/mailing/senders/oauth.js';
import { accountOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_importOauth',
  method: 'POST',
  path: '/api/email-accounts/import-oauth',
  tag: 'senders',
  summary: 'Import an Outlook/Hotmail mailbox from one OAuth combo string',
  description: `Body {combo: '${COMBO_FORMAT}', name?}. No browser step: the refresh token is redeemed at Microsoft's token endpoint with that client id, then SMTP and IMAP are checked with XOAUTH2. The password part is not stored. 400 invalid_combo names the format; 422 oauth_refresh_failed or a login code.`,
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['tenantMail', 'function:mailbox_probe'], // tenantMail: the OAuth settings
  input: { body: z.strictObject({ combo: z.string().min(1).max(8192).describe(COMBO_FORMAT), name: z.string().trim().min(1).max(120).optional() }) },
  output: accountOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => importOAuthCombo(ctx.deps, requireTenant(ctx).table, body.combo, body.name),
  guidance: (a) => ({
    next: 'EmailAccountsController_checkDns',
    why: 'DNS health is mandatory before sending.',
    check: `POST /api/email-accounts/${a.id}/check-dns`,
  }),
});
export const handler = lambdaHandler(operation);
