import * as z from 'zod';
import { getThreadMessageHtml } from '../../shared/mailing/dialogs/full-thread.js';
import { FRAMED_DOCUMENT_POLICY_TEXT, framedDocument, imagesQuery, workspaceQuery } from '../../shared/platform/http/framed-document.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'dialogs_message_document',
  method: 'GET',
  path: '/api/dialogs/{id}/message-document',
  tag: 'dialogs',
  summary: "One message's HTML version, as a document to frame",
  description:
    'The html of one message of the thread (messageId as DialogsController_getThread lists it, received or sent) as the document itself, for a browser to show in a frame ' +
    "as a mail client would: inline styles apply; remote images only with images=on (default off: an inbound sender's images can tell them when the mail was read). " +
    `For the web app (iframe sandbox src) and any browser client; workspace (a tenant id) picks the workspace when a frame cannot send X-Tenant-Id. ${FRAMED_DOCUMENT_POLICY_TEXT} ` +
    "Unknown dialog or messageId (or another tenant's), or a message without an HTML version (code no_html_version): 404; bad query: 400. " +
    'Not an MCP tool: the policy lives in HTTP headers a tool result cannot carry; agents read the same HTML as JSON (DialogsController_getThread `messages[].html`).',
  access: 'tenant',
  scope: 'crm:read',
  mcp: false,
  contentType: 'text/html',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    query: z.strictObject({
      messageId: z.string().trim().min(3).max(998).describe('Message-ID of the message (from DialogsController_getThread; angle brackets optional)'),
      images: imagesQuery('off'),
      workspace: workspaceQuery,
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) =>
    framedDocument(await getThreadMessageHtml(requireTenant(ctx).table, path.id, query.messageId), { images: query.images }),
});
export const handler = lambdaHandler(operation);
