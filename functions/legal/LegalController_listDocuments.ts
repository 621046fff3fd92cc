import { defineOperation } from '../../shared/platform/registry/operation.js';
import { listDocuments } from '../../shared/workspace/legal/documents-service.js';
import { lambdaHandler } from '../lambda.js';
import { LegalController_listDocumentsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LegalController_listDocuments',
  method: 'GET',
  path: '/api/legal/documents',
  tag: 'legal',
  summary: 'List the platform legal documents',
  description:
    'Returns {data:[{key, title, version, effectiveDate, summary, path}]} for the keys terms, aup, privacy, dpa, mode2, campaign_guarantee, security. ' +
    'Read one with LegalController_getDocument; record acceptance with LegalController_recordAcceptance.',
  output: LegalController_listDocumentsOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async () => listDocuments(),
  guidance: () => ({ next: 'LegalController_getDocument', why: 'Read a document before accepting it.' }),
});

export const handler = lambdaHandler(operation);
