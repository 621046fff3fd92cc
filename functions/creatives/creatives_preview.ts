import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { previewCreative } from '../../shared/mailing/creatives/preview.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam, recipientQuery } from './params.js';

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
  input: { path: creativeIdParam, query: z.strictObject(recipientQuery) },
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
  handler: async ({ path, query }, ctx) => previewCreative(requireTenant(ctx).table, path.id, query),
  guidance: (r) =>
    r.unresolvedTokens.length
      ? { next: 'creatives_update', why: `Unresolved: ${r.unresolvedTokens.join(', ')}. Add a fallback ({{name|text}}) or fill the field.` }
      : { next: 'ContentAnalyzerController_check', why: 'Everything resolved; run the copy check next.' },
});
export const handler = lambdaHandler(operation);
