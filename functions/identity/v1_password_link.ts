import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requestOwnerPasswordLink } from '../../shared/workspace/accounts-register/password-links.js';
import { requireAccount } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import * as z from 'zod';

const output = z.looseObject({
  message: z.string(),
  sentTo: z.string().nullable().describe("The masked address the link went to (the account owner's own, never one the caller chooses)"),
});

export const operation = defineOperation({
  operationId: 'v1_password_link',
  method: 'POST',
  path: '/v1/me/password-link',
  tag: 'identity',
  summary: 'Email the account owner a link to set the web app password',
  description:
    "For a workspace created key-first (POST /v1/signup): the key holder asks the service to email the account's own address a single-use link (1 hour) " +
    'to choose a password and sign in to the web app at /app. The link never reaches the caller. 202 {message, sentTo (masked)}; at most 5 per account per hour (429).',
  output,
  resources: ['platformTable:write', 'platformMail'],
  access: 'sandbox',
  input: {},
  hints: { readOnly: false, idempotent: false },
  handler: async (_input, ctx) => respond(202, await requestOwnerPasswordLink(ctx.deps, requireAccount(ctx).accountId)),
});

export const handler = lambdaHandler(operation);
