import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { serviceUnavailable } from '../../shared/platform/errors.js';
import { requestPdf } from '../../shared/mailing/creatives/pdf/generations.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
export const generationOutput = z.looseObject({
  generationId: z.string().describe('Poll creatives_pdf_generations_get with it'),
  status: z.enum(['PENDING', 'RUNNING', 'READY', 'FAILED', 'EXPIRED']),
  creativeId: z.string(),
  contactId: z.string().nullable(),
  companyId: z.string().nullable(),
  contentVersion: z.number().describe('The creative version the PDF renders'),
  sizeBytes: z.number().nullable(),
  sha256: z.string().nullable(),
  error: z.string().nullable().describe('pdf_too_large or render_failed with a short reason'),
  imageIssues: z
    .array(z.looseObject({ src: z.string(), reason: z.string(), detail: z.string().optional() }))
    .describe(
      'Images that could not be inlined (printed without them): not_found, not_an_image, too_large, blocked, fetch_failed, unsupported_source, too_many_images',
    ),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('The file is deleted after this time'),
});

export const operation = defineOperation({
  operationId: 'creatives_generate_pdf',
  method: 'POST',
  path: '/api/creatives/{id}/pdf',
  tag: 'creatives',
  summary: 'Render a creative into a PDF for one recipient (asynchronous)',
  description:
    'Body {contactId?, companyId?}. Answers 202 with a generationId at once; Chromium renders in the background. Photo variation: formConfig.pdf_image_variation varies ' +
    '<img data-photo="id"> listed in imageIds per recipient; data-role="logo|qr|drawing|signature|seal" images never change. Image src: data:, stored-file:<key> (your stored files) or https:// ' +
    '(fetched through the outbound guard, size-capped); failures are listed in imageIssues. ' +
    'Repeating the POST for the same recipient and content version returns the same generation.',
  access: 'tenant',
  scope: 'creatives:write',
  input: { path: creativeIdParam, body: z.strictObject({ contactId: id.optional(), companyId: id.optional() }) },
  output: generationOutput,
  successStatus: 202,
  resources: ['queue:creative-pdfs', 'files'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    if (!ctx.deps.queue) throw serviceUnavailable('PDF queue is not configured');
    return requestPdf(
      tenant.table,
      ctx.deps.queue,
      tenant.tenantId,
      { creativeId: path.id, ...body },
      ctx.deps.clock.now(),
      ctx.deps.config.creatives.pdfTtlMs,
    );
  },
  guidance: (g) => ({
    next: 'creatives_pdf_generations_get',
    why: g.status === 'READY' ? 'Already rendered: fetch the file.' : 'Poll until status is READY (seconds); the file comes back as contentBase64.',
    check: `GET /api/creatives/pdf-generations/${g.generationId}`,
  }),
});
export const handler = lambdaHandler(operation);
