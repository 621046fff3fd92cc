import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getGeneration } from '../../shared/mailing/creatives/pdf/generations.js';
import { lambdaHandler } from '../lambda.js';
import { generationOutput } from './creatives_generate_pdf.js';

export const operation = defineOperation({
  operationId: 'creatives_pdf_generations_get',
  method: 'GET',
  path: '/api/creatives/pdf-generations/{generationId}',
  tag: 'creatives',
  summary: 'Poll a PDF generation and get the file',
  description:
    'Status PENDING|RUNNING|READY|FAILED|EXPIRED. When READY, contentBase64 holds the PDF (application/pdf) unless ?file=false. Files expire (expiresAt). 404 for unknown ids.',
  access: 'tenant',
  scope: 'creatives:read',
  input: {
    path: z.strictObject({
      generationId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_-]+$/, 'generationId must be an id'),
    }),
    query: z.strictObject({ file: z.enum(['true', 'false']).optional() }),
  },
  output: generationOutput.extend({ contentBase64: z.string().nullable().describe('The PDF, base64, when READY') }),
  resources: ['files'],
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const tenant = requireTenant(ctx);
    return getGeneration(tenant.table, ctx.deps.files, tenant.tenantId, path.generationId, ctx.deps.clock.now(), query.file !== 'false');
  },
  guidance: (g) =>
    g.status === 'READY'
      ? { next: null, why: `PDF ready (${g.sizeBytes} bytes) until ${g.expiresAt}.` }
      : g.status === 'FAILED' || g.status === 'EXPIRED'
        ? { next: 'creatives_generate_pdf', why: `Generation ${g.status}${g.error ? `: ${g.error}` : ''}; request it again.` }
        : { next: 'creatives_pdf_generations_get', why: 'Still rendering; poll again in a second or two.' },
});
export const handler = lambdaHandler(operation);
