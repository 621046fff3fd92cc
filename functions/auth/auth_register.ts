import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { register } from '../../shared/workspace/accounts-register/register.js';
import { lambdaHandler } from '../lambda.js';
import { auth_registerOutput } from './outputs.js';

const RegisterBody = z.strictObject({
  email: z.string().max(254).pipe(z.email()),
  password: z.string().min(8).max(200),
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().max(80).optional(),
  company: z.string().trim().max(200).optional(),
});

export const operation = defineOperation({
  operationId: 'auth_register',
  method: 'POST',
  path: '/api/auth/register',
  tag: 'auth',
  summary: 'Register an account (PENDING) and receive an inert API key',
  description:
    'Body {email, password (10-200 chars, not a common password), firstName, lastName?, company?}. Creates the account and user in status PENDING, ' +
    'emails a verification link (24 h) and returns 201 {api_key, status:"PENDING", email, next}. The key works only for GET /v1/me until the account is ACTIVE. ' +
    'An address that already has an account gets the same 201 (its key is inert) and the owner is emailed. 5 registrations per hour per client address.',
  output: auth_registerOutput,
  access: 'public',
  mcp: false,
  input: { body: RegisterBody },
  maxBodyBytes: 64 * 1024,
  successStatus: 201,
  resources: ['platformMail', 'platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => register(ctx.deps, body, ctx.request.ip),
});

export const handler = lambdaHandler(operation);
