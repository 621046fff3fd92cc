import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { acceptTerms } from '../../shared/workspace/accounts/links.js';
import { linkResponse } from '../../shared/workspace/accounts/link-response.js';
import { lambdaHandler } from '../lambda.js';
import { v1_signup_accept_termsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'v1_signup_accept_terms',
  method: 'GET',
  path: '/v1/signup/accept-terms',
  tag: 'identity',
  summary: 'Accept the terms of a full-account registration (emailed link)',
  description:
    'The link emailed after the address is confirmed. Single use, valid 24 hours. Records the `terms` acceptance (context signup) and moves ' +
    'the registration awaiting_agreement → awaiting_admin_approval, where it shows in the admin panel (an admin has 7 days to decide). ' +
    'Browsers get a page; others JSON {state, email, acceptance}. Errors: 404 link_invalid, 410 link_used / link_expired / registration_deleted, 409 invalid_state.',
  output: v1_signup_accept_termsOutput,
  access: 'public',
  mcp: false,
  input: { query: z.strictObject({ token: z.string().min(1).max(200) }) },
  resources: ['workflow:signup-approval', 'platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ query }, ctx) =>
    linkResponse(
      ctx,
      async () => {
        const r = await acceptTerms(ctx.deps, query.token, ctx.request.ip);
        return { state: r.state, email: r.email, acceptance: r.acceptance, next: 'An administrator reviews your registration; GET /v1/me shows the state.' };
      },
      (r) => ({
        title: 'Terms accepted',
        lines: [
          `Thank you. The registration of ${r.email} now waits for an administrator's approval.`,
          'We will email you the decision. Your API key starts working for /api/* once approved.',
        ],
      }),
    ),
});

export const handler = lambdaHandler(operation);
