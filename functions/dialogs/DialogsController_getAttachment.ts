import * as z from 'zod';
import { contentDisposition, messageAttachment } from '../../shared/mailing/dialogs/attachment-download.js';
import { ATTACHMENT_MAX_TOTAL_BYTES } from '../../shared/mailing/dialogs/attachment-names.js';
import { workspaceQuery } from '../../shared/platform/http/workspace-query.js';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';

/** What an MCP call answers: the file as base64 with what an agent needs to handle it (a tool result is JSON). */
const attachmentFileOutput = z.looseObject({
  filename: z
    .string()
    .describe('A safe name to save it under: invisible characters spelled out, no separators; a name passing for another type loses its dots'),
  originalFilename: z.string().describe("The sender's file name, invisible and bidirectional characters spelled out (\\u202E)"),
  contentType: z
    .string()
    .describe('The type it is answered as: the declared one when inert (png, jpeg, gif, webp, pdf, text/plain), else application/octet-stream'),
  declaredContentType: z.string().describe('The type the sending mail declared (not verified)'),
  size: z.number().describe('Bytes'),
  sha256: z.string().describe('SHA-256 of the bytes (hex), checked against the one taken when the message arrived'),
  contentBase64: z.string().describe('The bytes, base64'),
});

export const operation = defineOperation({
  operationId: 'DialogsController_getAttachment',
  method: 'GET',
  path: '/api/dialogs/{id}/messages/{messageKey}/attachments/{index}',
  tag: 'dialogs',
  summary: 'Download an attachment of a dialog message',
  description:
    `A stored message's attachment by messageKey and its index in attachments[] (DialogsController_getThread), up to ${ATTACHMENT_MAX_TOTAL_BYTES / 1024 / 1024} MB. ` +
    'MCP answers {filename, contentType, size, sha256, contentBase64}. HTTP answers a download: a safe name, the declared type only when inert (else ' +
    'application/octet-stream), nosniff, CSP sandbox. The workspace may come as ?workspace= (a plain link sends no X-Tenant-Id). 404 unknown dialog, message or index; ' +
    '409 attachment_checksum_mismatch (the kept bytes changed); 410 attachment_missing / attachment_not_stored; 413 attachment_too_large.',
  access: 'tenant',
  scope: 'crm:read',
  resources: ['files'],
  contentType: 'application/octet-stream',
  input: {
    path: z.strictObject({
      id: z.string().min(1).max(64).describe('Dialog id'),
      messageKey: z
        .string()
        .regex(/^[0-9a-f]{16}$/, 'messageKey must be the 16 hex characters of a stored message (messages[].messageKey)')
        .describe('messages[].messageKey of DialogsController_getThread'),
      index: z
        .string()
        .regex(/^[0-9]{1,3}$/, 'index must be a whole number from 0: the place of the attachment in attachments[]')
        .transform(Number)
        .describe('The place of the attachment in the message’s attachments[], from 0'),
    }),
    query: z.strictObject({
      workspace: workspaceQuery,
    }),
  },
  output: attachmentFileOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const { bytes, ...file } = await messageAttachment(ctx.deps, requireTenant(ctx), path.id, path.messageKey, path.index);
    if (ctx.request.channel === 'mcp') return { ...file, contentBase64: bytes.toString('base64') };
    return respond(200, bytes, {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      // Opened rather than saved, nothing in it runs with our origin: no script, no plugin, no same-origin access.
      'content-security-policy': "sandbox; default-src 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`, // RFC 9530
    });
  },
});
export const handler = lambdaHandler(operation);
