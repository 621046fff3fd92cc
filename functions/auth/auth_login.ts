import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { login } from '../../shared/workspace/accounts-register/login.js';
import { lambdaHandler } from '../lambda.js';
import { auth_loginOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'auth_login',
  method: 'POST',
  path: '/api/auth/login',
  tag: 'auth',
  summary: 'Log in with email and password (session cookie)',
  description:
    'Body {email, password}. Sets the session cookie svc_session (HttpOnly, SameSite=Lax, Secure when deployed, 12 h) and returns ' +
    '{accountId, userId, email, firstName, lastName, status, tenantId, expiresAt}. The cookie reaches the same /api/* handlers as a Bearer key. ' +
    'Any bad credential: 401 {statusCode:401, message:"Invalid credentials"}. 10 attempts per 15 minutes per address and email, then 429.',
  output: auth_loginOutput,
  resources: ['platformTable:write', 'platformMail'], // platformMail: the repeated-failure notice (shared/platform/security/login-throttle.ts)
  access: 'public',
  mcp: false,
  input: { body: z.strictObject({ email: z.string().min(1).max(254), password: z.string().min(1).max(200) }) },
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const { profile, cookie } = await login(ctx.deps, body, ctx.request.ip);
    return respond(200, profile, {}, [cookie]);
  },
});

export const handler = lambdaHandler(operation);
