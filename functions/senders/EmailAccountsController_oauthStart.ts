import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { startOAuth } from '../../shared/mailing/senders/oauth.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_oauthStart',
  method: 'POST',
  path: '/api/email-accounts/oauth/{provider}/start',
  tag: 'senders',
  summary: 'Start connecting a Google or Microsoft mailbox with OAuth',
  description:
    "Answers authorizationUrl and sets a cookie binding the authorization to the caller's browser: open the URL in that same browser and consent; the provider returns to the callback, which connects the mailbox (SMTP and IMAP over XOAUTH2, checked for real). A callback without the cookie is 400 oauth_state_invalid (no browser: the Outlook combo import). Expires in 15 minutes. Body {name?}.",
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['platformTable:write'],
  input: {
    path: z.strictObject({ provider: z.enum(['google', 'microsoft']) }),
    body: z.strictObject({ name: z.string().trim().min(1).max(120).optional() }).optional(),
  },
  output: z.looseObject({
    provider: z.string(),
    authorizationUrl: z.string().describe('Open in the browser that made this call (it holds the binding cookie)'),
    state: z.string(),
    redirectUri: z.string(),
    expiresAt: z.string(),
  }),
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => {
    const started = await startOAuth(ctx.deps, requireTenant(ctx).tenantId, path.provider, body?.name);
    return respond(200, started.body, {}, [started.cookie]);
  },
  guidance: () => ({ next: 'EmailAccountsController_list', why: 'After consent the mailbox appears in the list (auth: oauth).' }),
});
export const handler = lambdaHandler(operation);
