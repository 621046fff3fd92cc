import { conflict, gone, notFound, tooLarge } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ATTACHMENT_MAX_TOTAL_BYTES, downloadName, visible } from './attachment-names.js';
import { readKeptAttachment, requireDialog, storedMessages } from './store.js';

/**
 * Handing a stored message's attachment back to the person or agent reading the thread. The file
 * came from anyone on the internet, so it is answered as a download that can do nothing on our
 * origin: a type a browser shows without running anything, else application/octet-stream; a name
 * that cannot pass for another type; the bytes only when they still match the checksum taken when
 * they arrived. At most ATTACHMENT_MAX_TOTAL_BYTES per answer: what can be sent as attachments, and what
 * fits a Lambda answer (6 MB) once base64-encoded (API Gateway's binary bodies and the MCP answer both are).
 */

/** Types a browser renders without running code (no HTML, no SVG, no XML): answered as stored; anything else as application/octet-stream. */
export const INERT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] as const;

export const servedType = (contentType: string) => {
  const type = contentType.toLowerCase().split(';')[0].trim();
  return (INERT_TYPES as readonly string[]).includes(type) ? type : 'application/octet-stream';
};

const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: an ASCII fallback for old clients, the UTF-8 name for the rest. */
export const contentDisposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\%]/g, '_')}"; filename*=UTF-8''${rfc5987(name)}`;

export interface AttachmentDownload {
  /** The safe name to save it under (downloadName). */
  filename: string;
  /** The sender's name, invisible characters spelled out. */
  originalFilename: string;
  contentType: string;
  declaredContentType: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

/**
 * One attachment of a stored message of the dialog, by the message's key and the attachment's place
 * in its list. 404 for an unknown dialog (another tenant's included), message or index; 413 over the
 * cap; 410 when the bytes are not kept; 409 when the kept bytes no longer match their checksum.
 */
export async function messageAttachment(
  deps: Deps,
  tenant: { tenantId: string; table: TableStore },
  dialogId: string,
  messageKey: string,
  index: number,
): Promise<AttachmentDownload> {
  // Only stored messages carry attachments (the send engine's emails have none): no thread re-render here.
  await requireDialog(tenant.table, dialogId);
  const message = (await storedMessages(tenant.table, dialogId)).find((m) => m.messageKey === messageKey);
  if (!message) throw notFound('Dialog message');
  const meta = message.attachments[index];
  if (!meta) throw notFound('Attachment');
  const name = visible(meta.filename);
  if (meta.size > ATTACHMENT_MAX_TOTAL_BYTES)
    throw tooLarge(
      `${name} is ${(meta.size / 1024 / 1024).toFixed(1)} MB, over the ${ATTACHMENT_MAX_TOTAL_BYTES / 1024 / 1024} MB an attachment download answers`,
      {
        code: 'attachment_too_large',
      },
    );
  const read = await readKeptAttachment(deps, tenant.tenantId, meta);
  if ('reason' in read) {
    if (read.reason === 'checksum_mismatch')
      throw conflict(`The stored copy of ${name} no longer matches the SHA-256 it arrived with (${meta.sha256}): it is not answered`, {
        code: 'attachment_checksum_mismatch',
      });
    throw gone(`The bytes of ${name} are not kept (${read.reason === 'missing' ? 'gone from the file store' : 'no file store when it arrived'})`, {
      code: `attachment_${read.reason}`,
    });
  }
  return {
    filename: downloadName(meta.filename),
    originalFilename: name,
    contentType: servedType(meta.contentType),
    declaredContentType: meta.contentType,
    size: read.bytes.length,
    sha256: meta.sha256,
    bytes: read.bytes,
  };
}
