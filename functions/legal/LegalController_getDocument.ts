import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { getDocument } from '../../shared/workspace/legal/documents-service.js';
import { lambdaHandler } from '../lambda.js';
import { LegalController_getDocumentOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LegalController_getDocument',
  method: 'GET',
  path: '/api/legal/documents/{docKey}',
  tag: 'legal',
  summary: 'Get one legal document (current version)',
  description:
    'docKey: terms | aup | privacy | dpa | mode2 | campaign_guarantee | security. Returns {key, title, version, effectiveDate, summary, body (Markdown), format}. Unknown key: 404.',
  output: LegalController_getDocumentOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: { path: z.strictObject({ docKey: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }) => getDocument(path.docKey),
  guidance: (d) => ({ next: 'LegalController_recordAcceptance', why: `Accept ${d.key} version ${d.version} with {docKey, context, refId}.` }),
});

export const handler = lambdaHandler(operation);
