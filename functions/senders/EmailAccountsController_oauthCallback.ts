import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { finishOAuth, oauthBindingCookie, oauthBindingCookieName } from '../../shared/mailing/senders/oauth.js';
import { accountOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_oauthCallback',
  method: 'GET',
  path: '/api/email-accounts/oauth/{provider}/callback',
  tag: 'senders',
  summary: 'OAuth redirect target (called by the provider through the browser)',
  description:
    'Exchanges the code (PKCE), checks SMTP and IMAP with XOAUTH2 and stores the mailbox in the workspace that started the flow. Only from the browser that started it (its binding cookie): else 400 oauth_state_invalid, as for an unknown or expired state; 400 oauth_denied / oauth_exchange_failed; 422 as on create when a login fails; 409 when the address is already connected.',
  access: 'public',
  mcp: false,
  resources: ['platformTable:write', 'tenantTables', 'tenantMail', 'function:mailbox_probe'], // tenantMail: the OAuth settings
  input: {
    path: z.strictObject({ provider: z.enum(['google', 'microsoft']) }),
    query: z.looseObject({ code: z.string().max(4096).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
  },
  output: z.looseObject({
    connected: z.literal(true).describe('The mailbox passed the XOAUTH2 SMTP and IMAP logins and is stored'),
    account: accountOutput.describe('The connected sender mailbox (no secrets)'),
  }),
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, query }, ctx) => {
    const binding = query.state ? ctx.request.cookies[oauthBindingCookieName(query.state)] : undefined;
    const { account } = await finishOAuth(ctx.deps, path.provider, query, binding);
    const spent = [oauthBindingCookie(ctx.deps, query.state!, undefined)];
    // The provider sends the user's browser here: a short page for people, JSON for programs.
    if ((ctx.request.headers.accept ?? '').includes('text/html')) {
      const email = account.email.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return respond(
        200,
        `<!doctype html><meta charset="utf-8"><title>Mailbox connected</title><p>${email} is connected as a sender mailbox. You can close this window.</p>`,
        { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
        spent,
      );
    }
    return respond(200, { connected: true, account }, {}, spent);
  },
});
export const handler = lambdaHandler(operation);
