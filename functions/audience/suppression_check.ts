import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { suppressionMatch } from '../../shared/crm/audience/suppression.js';
import { stopListMatch } from '../../shared/crm/audience/stoplist.js';
import { normalizeEmail } from '../../shared/crm/audience/normalize.js';
import { badRequest } from '../../shared/platform/errors.js';
import { lambdaHandler } from '../lambda.js';
import { suppression_checkOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'suppression_check',
  method: 'GET',
  path: '/api/suppression/check',
  tag: 'audience',
  summary: 'May this address be mailed?',
  description:
    'Query email. {email, suppressed, suppression (the matching entry: the address, its domain or a parent domain, by hash), stopListed, stopList (matching domain entry)}. ' +
    'The campaign screen applies the same rules (isSuppressed / isStopListed).',
  output: suppression_checkOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ email: z.string().trim().min(3).max(254) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    const email = normalizeEmail(query.email);
    if (!email) throw badRequest(['email must be an email']);
    const table = requireTenant(ctx).table;
    const [suppression, stop] = await Promise.all([suppressionMatch(table, email), stopListMatch(table, { domain: email.split('@')[1] })]);
    return { email, suppressed: !!suppression, suppression: suppression ?? null, stopListed: !!stop, stopList: stop ?? null };
  },
  guidance: (r) =>
    r.suppressed || r.stopListed
      ? { next: null, why: 'Do not mail this address.' }
      : { next: 'EmailVerificationController_verifyBatch', why: 'Not suppressed; verify it before any send.' },
});

export const handler = lambdaHandler(operation);
