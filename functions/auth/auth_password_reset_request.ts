import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requestPasswordLink, RESET_ATTEMPTS } from '../../shared/workspace/accounts-register/password-links.js';
import { lambdaHandler } from '../lambda.js';
import { auth_password_reset_requestOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'auth_password_reset_request',
  method: 'POST',
  path: '/api/auth/password-reset',
  tag: 'auth',
  summary: 'Email a link to set or reset the password',
  description:
    "Body {email}. Always 202 with the same message, whether or not the address has an account (no enumeration). The account's owner receives a single-use link " +
    '(valid 1 hour) to /app/set-password; it also gives a first password to the owner of a workspace an agent created key-first with POST /v1/signup. ' +
    `${RESET_ATTEMPTS} requests per 15 minutes per client address and email, then 429; at most 5 mails per account per hour.`,
  output: auth_password_reset_requestOutput,
  resources: ['platformTable:write', 'platformMail'],
  access: 'public',
  mcp: false,
  input: { body: z.strictObject({ email: z.string().trim().min(3).max(254) }) },
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => respond(202, await requestPasswordLink(ctx.deps, body.email, ctx.request.ip)),
});

export const handler = lambdaHandler(operation);
