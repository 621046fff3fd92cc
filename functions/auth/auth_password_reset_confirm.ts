import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { setPasswordWithLink } from '../../shared/workspace/accounts-register/password-links.js';
import { lambdaHandler } from '../lambda.js';
import { auth_password_reset_confirmOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'auth_password_reset_confirm',
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  tag: 'auth',
  summary: 'Set a new password with an emailed link, and sign in',
  description:
    'Body {token, password}: the token from the link of auth_password_reset_request (or v1_password_link). The password follows the register rules ' +
    '(8-200 characters, at least 10, not a common one: 400). Spends the link (404 link_invalid, 410 link_used / link_expired), clears failed-login delays, ' +
    'and sets the session cookie svc_session as auth_login does.',
  output: auth_password_reset_confirmOutput,
  resources: ['platformTable:write'],
  access: 'public',
  mcp: false,
  input: { body: z.strictObject({ token: z.string().min(20).max(200), password: z.string().min(8).max(200) }) },
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const { body: answer, cookie } = await setPasswordWithLink(ctx.deps, body.token, body.password);
    return respond(200, answer, {}, [cookie]);
  },
});

export const handler = lambdaHandler(operation);
