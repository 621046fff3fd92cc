import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { conflict } from '../../shared/platform/errors.js';
import { sendTestEmail } from '../../shared/mailing/creatives/test-sends.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
export const testSendOutput = checkedOutput(
  z.looseObject({
    id: z.string(),
    creativeId: z.string(),
    accountId: z.string().describe('Sender account used'),
    to: z.string().describe('Always the verified owner address of the caller'),
    subject: z.string(),
    contactId: z.string().nullable().describe('The recipient it was rendered for (null: none)'),
    companyId: z.string().nullable(),
    outcome: z.enum(['accepted', 'deferred', 'rejected']).describe('The SMTP answer as an outcome'),
    smtpCode: z.number().describe('SMTP reply code (0: no server answer)'),
    smtpResponse: z.string(),
    messageId: z.string(),
    contentVersion: z.number().describe('The creative version sent'),
    unresolvedTokens: z.array(z.string()).describe('{{tokens}} the render left unresolved'),
    createdAt: z.string(),
  }),
);

export const operation = defineOperation({
  operationId: 'creatives_test_send',
  method: 'POST',
  path: '/api/creatives/{id}/test-send',
  tag: 'creatives',
  summary: 'Send one rendered copy to your own verified address',
  description:
    "Body {accountId, contactId?, companyId?}: renders the creative (for that recipient, if given) and sends it through the sender account to the caller's verified " +
    'owner address only; a recipient address in the body is refused (400). Returns the SMTP answer. 409 sender_unavailable when the mailbox is suspended.',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: creativeIdParam, body: z.strictObject({ accountId: id, contactId: id.optional(), companyId: id.optional() }) },
  output: testSendOutput,
  successStatus: 201,
  resources: ['platformTable:read'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const principal = requirePrincipal(ctx);
    if (!principal.accountId) throw conflict('The caller has no verified owner address', { code: 'no_owner_address' });
    return sendTestEmail(ctx.deps, tenant.tenantId, principal.accountId, { creativeId: path.id, ...body });
  },
  guidance: (r) =>
    r.outcome === 'accepted'
      ? {
          next: 'CreativesController_startInboxPlacementTest',
          why: `Accepted by the SMTP server (${r.smtpCode}); check your inbox, then test placement on seed mailboxes.`,
        }
      : { next: 'EmailAccountsController_testConnection', why: `SMTP answered ${r.smtpCode} ${r.smtpResponse}; check the sender account.` },
});
export const handler = lambdaHandler(operation);
