import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { verifyEmail } from '../../shared/workspace/accounts-register/register.js';
import { lambdaHandler } from '../lambda.js';
import { auth_verify_emailOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'auth_verify_email',
  method: 'GET',
  path: '/api/auth/verify-email',
  tag: 'auth',
  summary: 'Confirm the address of a registration (the emailed link)',
  description:
    'Query token (from the emailed link, valid 24 h). Runs the automatic checks (business mailbox, MX exists and resolves, website answers). ' +
    "Passed: the tenant is created, the account becomes ACTIVE and the key starts working; 302 to the web app's sign-in (/app/login?verified=1). " +
    "Not passed: the account stays PENDING; 302 to the web app's questionnaire, whose Location carries signup_token for POST /api/auth/signup-questionnaire. " +
    'The JSON body repeats {status, tenantId | signup_token, checks}. Unknown or expired token: 400.',
  output: auth_verify_emailOutput,
  access: 'public',
  successStatus: 302,
  mcp: false,
  input: { query: z.strictObject({ token: z.string().min(1).max(200) }) },
  resources: ['platformMail', 'tableAdmin', 'tenantTables', 'platformTable:write'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ query }, ctx) => {
    const outcome = await verifyEmail(ctx.deps, query.token);
    const base = ctx.deps.config.publicBaseUrl;
    const location =
      outcome.status === 'ACTIVE'
        ? `${base}/app/login?verified=1`
        : `${base}/app/signup-questionnaire?status=PENDING&signup_token=${encodeURIComponent(outcome.signup_token)}`;
    return respond(302, outcome, { location });
  },
});

export const handler = lambdaHandler(operation);
