import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { signup } from '../../shared/workspace/identity/signup.js';
import { lambdaHandler } from '../lambda.js';
import { v1_signupOutput } from './outputs.js';

const SignupBody = z
  .strictObject({
    email: z.string().max(254).pipe(z.email()),
    org: z.string().max(200).optional(),
    use_case: z.string().max(500).optional(),
    channel: z.enum(['form', 'a2a', 'mcp']).optional(),
    full_account: z.boolean().default(false),
    password: z.string().min(8).max(200).optional(),
    firstName: z.string().max(80).optional(),
    lastName: z.string().max(80).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.full_account) return;
    if (b.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password should not be empty' });
    if (!b.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'firstName should not be empty' });
  });

export const operation = defineOperation({
  operationId: 'v1_signup',
  method: 'POST',
  path: '/v1/signup',
  tag: 'identity',
  summary: 'Sign up and receive an API key',
  description:
    'Issues an `svc_pk_` API key. Without full_account the key is a sandbox key (500 messages/month, held for moderation). ' +
    'With full_account=true (password 10-200 chars and firstName required) the registration starts in awaiting_email_confirm and the same key is promoted on admin approval. ' +
    'Limits: 5 signups/hour per address, 50/hour overall, 64 KB body. Signing up an already registered email answers the same 201 (its key is inert) and emails the owner.',
  output: v1_signupOutput,
  access: 'public',
  input: { body: SignupBody },
  successStatus: 201,
  resources: ['platformMail', 'platformTable:write', 'workflow:signup-approval'],
  hints: { readOnly: false, destructive: false, idempotent: false },
  handler: async ({ body }, ctx) => signup(ctx.deps, body, ctx.request.ip),
  guidance: (r) => ({ next: r.flow === 'sandbox' ? 'v1_me' : null, why: r.next, check: 'Store api_key now: it is shown only once.' }),
});

export const handler = lambdaHandler(operation);
