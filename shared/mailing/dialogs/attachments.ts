import * as z from 'zod';
import { badRequest } from '../../platform/errors.js';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_TOTAL_BYTES, unsafeFilename, visible } from './attachment-names.js';

export { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_TOTAL_BYTES, unsafeFilename, visible };

/**
 * `attachmentsJson`: the only attachment channel (spec, Creative rules): an array of
 * `{filename, contentBase64, contentType}` (or that array as a JSON string), on dialogs compose,
 * reply and forward only. Caps: 10 files, 4 MB decoded in total (base64 makes that ~5.4 MB of request, under the
 * 6 MB a Lambda request may carry), content types from an allow-list (documents, images, text,
 * calendar, archives; never executables or HTML), file names that cannot pass for another type
 * (`unsafeFilename`). Every refusal is a 400 naming the attachment.
 */
export const ATTACHMENT_MAX_FILES = 10;
/** The request cap of compose/reply: large enough that an oversized attachment gets the 400 that names it. */
export const ATTACHMENT_ROUTE_MAX_BODY = 24 * 1024 * 1024;

export const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/zip',
  'application/rtf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'text/calendar',
] as const;

const attachment = z.strictObject({
  filename: z.string().min(1).max(255),
  contentBase64: z.string().max(ATTACHMENT_ROUTE_MAX_BODY),
  contentType: z.string().min(3).max(127),
});
export const attachmentsJsonSchema = z
  .union([z.array(attachment).max(ATTACHMENT_MAX_FILES), z.string().max(ATTACHMENT_ROUTE_MAX_BODY)])
  .optional()
  .describe(
    `Attachments: [{filename, contentBase64, contentType}] (or that array as a JSON string); at most ${ATTACHMENT_MAX_FILES} files, 4 MB decoded in total; types: ${ATTACHMENT_TYPES.join(', ')}; ` +
      `filename without control, bidirectional or invisible characters, its extension (if any) one of ${ATTACHMENT_EXTENSIONS.join(', ')}`,
  );

export interface DecodedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Validates and decodes `attachmentsJson`; a 400 whose message names the attachment (index and filename). */
export function decodeAttachments(input: z.infer<typeof attachmentsJsonSchema>): DecodedAttachment[] {
  if (input === undefined) return [];
  let list: unknown = input;
  if (typeof input === 'string') {
    try {
      list = JSON.parse(input);
    } catch {
      throw badRequest(['attachmentsJson must be a JSON array of {filename, contentBase64, contentType}']);
    }
    const parsed = z.array(attachment).max(ATTACHMENT_MAX_FILES).safeParse(list);
    if (!parsed.success) throw badRequest([`attachmentsJson must be an array of at most ${ATTACHMENT_MAX_FILES} {filename, contentBase64, contentType}`]);
    list = parsed.data;
  }
  const out: DecodedAttachment[] = [];
  let total = 0;
  (list as z.infer<typeof attachment>[]).forEach((a, i) => {
    const name = `attachmentsJson[${i}] (${visible(a.filename)})`;
    const type = a.contentType.toLowerCase().split(';')[0].trim();
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) throw badRequest([`${name}: contentType ${type} is not allowed`]);
    const unsafe = unsafeFilename(a.filename);
    if (unsafe) throw badRequest([`${name}: ${unsafe}`]);
    const b64 = a.contentBase64.replace(/\s+/g, '');
    if (!b64.length || b64.length % 4 !== 0 || !B64.test(b64)) throw badRequest([`${name}: contentBase64 is not valid base64`]);
    const size = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    if (size > ATTACHMENT_MAX_TOTAL_BYTES) throw badRequest([`${name}: ${mb(size)} is over the ${mb(ATTACHMENT_MAX_TOTAL_BYTES)} attachment cap`]);
    total += size;
    if (total > ATTACHMENT_MAX_TOTAL_BYTES) throw badRequest([`${name}: the attachments total ${mb(total)}, over the ${mb(ATTACHMENT_MAX_TOTAL_BYTES)} cap`]);
    out.push({ filename: a.filename, contentType: type, content: Buffer.from(b64, 'base64') });
  });
  return out;
}
