import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { getCreative } from '../../shared/creatives/creatives.js';
import { loadRecipientContext, renderCreativeFor } from '../../shared/creatives/render.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const operation = defineOperation({
  operationId: 'creatives_preview',
  method: 'GET',
  path: '/api/creatives/{id}/preview',
  tag: 'creatives',
  summary: 'Render a creative for a real recipient',
  description:
    "Query contactId and/or companyId (the contact's company when only contactId is given). Returns the rendered subject, html and text parts exactly as that " +
    'recipient would get them (same spintax choice) and unresolvedTokens: variables with no value and no fallback (must be empty before a mailing). 404 for unknown ids.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: creativeIdParam, query: z.strictObject({ contactId: id.optional(), companyId: id.optional() }) },
  output: z.looseObject({
    subject: z.string().describe('Rendered subject (plain text)'),
    html: z.string().describe('Rendered HTML body (values HTML-escaped)'),
    text: z.string().describe('Text part derived from the HTML'),
    unresolvedTokens: z.array(z.string()).describe('Variables without a value or fallback; [] when everything resolved'),
    contactId: z.string().nullable(),
    companyId: z.string().nullable(),
    contentVersion: z.number(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    const creative = await getCreative(table, path.id);
    const recipient = await loadRecipientContext(table, query);
    const out = renderCreativeFor(creative, recipient);
    return { ...out, contactId: recipient.contactId ?? null, companyId: recipient.companyId ?? null, contentVersion: creative.contentVersion };
  },
  guidance: (r) =>
    r.unresolvedTokens.length
      ? { next: 'creatives_update', why: `Unresolved: ${r.unresolvedTokens.join(', ')}. Add a fallback ({{name|text}}) or fill the field.` }
      : { next: 'ContentAnalyzerController_check', why: 'Everything resolved; run the copy check next.' },
});
export const handler = lambdaHandler(operation);
