import * as z from 'zod';
import { previewCreative } from '../../shared/mailing/creatives/preview.js';
import { FRAMED_DOCUMENT_POLICY_TEXT, framedDocument, imagesQuery, workspaceQuery } from '../../shared/platform/http/framed-document.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam, recipientQuery } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_preview_document',
  method: 'GET',
  path: '/api/creatives/{id}/preview-document',
  tag: 'creatives',
  summary: "A creative's rendered HTML for a recipient, as a document to frame",
  description:
    "The html of creatives_preview (same recipient query, same rendering) as the document itself, for a browser to show in a frame as a recipient's mail client would: " +
    'inline styles apply, images load unless images=off (default on). For the web app (iframe sandbox src) and any browser client; workspace (a tenant id) picks the workspace ' +
    `when a frame cannot send X-Tenant-Id. ${FRAMED_DOCUMENT_POLICY_TEXT} Unknown creative, contact or company (or another tenant's): 404; bad query: 400. ` +
    'Not an MCP tool: the policy lives in HTTP headers a tool result cannot carry; agents read the same HTML as JSON (creatives_preview `html`).',
  access: 'tenant',
  scope: 'creatives:read',
  mcp: false,
  contentType: 'text/html',
  input: { path: creativeIdParam, query: z.strictObject({ ...recipientQuery, images: imagesQuery('on'), workspace: workspaceQuery }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const preview = await previewCreative(requireTenant(ctx).table, path.id, { contactId: query.contactId, companyId: query.companyId });
    return framedDocument(preview.html, { images: query.images });
  },
});
export const handler = lambdaHandler(operation);
