import * as z from 'zod';
import { createApiKey, MAX_ACTIVE_KEYS } from '../../shared/workspace/identity/key-management.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireAccount } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { keys_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'keys_create',
  method: 'POST',
  path: '/api/keys',
  tag: 'keys',
  summary: 'Create an API key for an agent, with narrower scopes',
  description:
    `Body {name, scopes[]}. Answers 201 with the key's secret \`key\` (svc_pk_…) — shown only in this answer, stored as its SHA-256 — and its id, scopes, keyHint. ` +
    "The key acts for the same account in the same workspaces; its scopes must be a subset of the caller's (403 scope_not_grantable), `*` only from a caller holding `*`; " +
    `unknown scopes are a 400. At most ${MAX_ACTIVE_KEYS} active keys per account (409 key_limit_reached). Needs keys:write (a person signed in to the web app has it). ` +
    'Safe to retry with Idempotency-Key: the same caller gets the same key back.',
  output: keys_createOutput,
  resources: ['platformTable:write'],
  access: 'sandbox',
  scope: 'keys:write',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(100),
      scopes: z.array(z.string().min(1).max(40)).min(1).max(30),
    }),
  },
  successStatus: 201,
  hints: { idempotent: false },
  handler: async ({ body }, ctx) => createApiKey(ctx.deps, requireAccount(ctx), body),
  guidance: () => ({ next: 'keys_list', why: 'Hand the secret to the agent now: it is not shown again. The list shows when each key was last used.' }),
});
export const handler = lambdaHandler(operation);
