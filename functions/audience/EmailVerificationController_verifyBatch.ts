import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { verifyBatch, VERIFY_BATCH_MAX } from '../../shared/mailing/email-verification/batch.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { EmailVerificationController_verifyBatchOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'EmailVerificationController_verifyBatch',
  method: 'POST',
  path: '/api/email-verification/batch',
  tag: 'audience',
  summary: 'Verify addresses before any send',
  description:
    `Body {emails:[1-${VERIFY_BATCH_MAX}]} or {contactIds:[1-${VERIFY_BATCH_MAX}]} (their email channels; 404 if one is not in this workspace). ` +
    'Per address: syntax, MX look-up, disposable and role lists, and an SMTP RCPT probe (nothing is sent); the result is stored on the contacts. ' +
    'Send only to valid; treat risky with care; retry unknown later. Not billed.',
  output: EmailVerificationController_verifyBatchOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      emails: z.array(z.string().max(320)).min(1).max(VERIFY_BATCH_MAX).optional(),
      contactIds: z.array(idSchema).min(1).max(VERIFY_BATCH_MAX).optional(),
    }),
  },
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => verifyBatch(ctx.deps, requireTenant(ctx).table, body),
  guidance: (r) =>
    r.summary.invalid + r.summary.risky > 0
      ? {
          next: 'suppression_add',
          why: `${r.summary.invalid} invalid and ${r.summary.risky} risky addresses: leave them out of the audience.`,
          check: 'Send only to valid addresses.',
        }
      : { next: 'creatives_create', why: 'The audience is verified; create the creative next.' },
});

export const handler = lambdaHandler(operation);
