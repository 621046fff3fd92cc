import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { confirmEmail } from '../../shared/workspace/accounts/links.js';
import { linkResponse } from '../../shared/workspace/accounts/link-response.js';
import { lambdaHandler } from '../lambda.js';
import { v1_signup_confirmOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'v1_signup_confirm',
  method: 'GET',
  path: '/v1/signup/confirm',
  tag: 'identity',
  summary: 'Confirm the email address of a full-account registration (emailed link)',
  description:
    'The link emailed after POST /v1/signup with full_account=true. Single use, valid 24 hours. Moves the registration ' +
    'awaiting_email_confirm → awaiting_agreement and emails the terms-acceptance link. Browsers (Accept: text/html) get a page; ' +
    'others JSON {state, email}. Errors: 404 code link_invalid, 410 link_used / link_expired / registration_deleted, 409 invalid_state.',
  output: v1_signup_confirmOutput,
  access: 'public',
  mcp: false,
  input: { query: z.strictObject({ token: z.string().min(1).max(200) }) },
  resources: ['platformMail', 'workflow:signup-approval', 'platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ query }, ctx) =>
    linkResponse(
      ctx,
      async () => {
        const r = await confirmEmail(ctx.deps, query.token);
        return { state: r.state, email: r.email, next: 'Open the terms-acceptance link we just emailed you (valid 24 hours).' };
      },
      (r) => ({
        title: 'Address confirmed',
        lines: [
          `Thank you, ${r.email} is confirmed.`,
          'We emailed you a link to accept the Terms of Service. Opening it sends your registration to an administrator for approval.',
        ],
      }),
    ),
});

export const handler = lambdaHandler(operation);
