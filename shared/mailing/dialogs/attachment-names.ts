/**
 * The rules of attachment names and sizes, with no imports: the API (shared/mailing/dialogs/attachments.ts,
 * attachment-download.ts) and the web app (the inbox shows received names and download links) share them.
 */

/** Decoded bytes of the attachments of one send, and of one attachment download. */
export const ATTACHMENT_MAX_TOTAL_BYTES = 4 * 1024 * 1024;

/** The extensions a file of an allowed type may end in: anything else (exe, scr, js, html, docm …) could run or render code when opened. */
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'zip',
  'rtf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'txt',
  'csv',
  'ics',
] as const;

/**
 * Why a file name is refused, or undefined. A name is what the recipient's mail client shows and the
 * operating system opens by, so it must not pass for something else: no control, bidirectional or
 * other invisible format characters (`inv\u202Efdp.scr` shows as `invscr.pdf`), no path separators,
 * no trailing dot or space (Windows drops them: `a.exe.` opens as `a.exe`), and an extension, when
 * there is one, from the allowed list (so `invoice.pdf.exe` is refused as a double extension).
 */
export function unsafeFilename(filename: string): string | undefined {
  if (/[\\/]/.test(filename)) return 'filename must not contain path separators';
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(filename)) return 'filename must not contain control, bidirectional or invisible characters';
  if (/[. ]$/.test(filename) || filename.trim() === '') return 'filename must not end in a dot or a space';
  const parts = filename.split('.');
  if (parts.length < 2) return undefined;
  const ext = parts.at(-1)!.toLowerCase();
  if ((ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  const inner = parts.length > 2 ? parts.at(-2)!.toLowerCase() : undefined;
  if (inner && (ATTACHMENT_EXTENSIONS as readonly string[]).includes(inner))
    return `filename has a double extension (.${inner}.${ext}): it would open as .${ext}`;
  return `filename extension .${ext} is not allowed (allowed: ${ATTACHMENT_EXTENSIONS.join(', ')})`;
}

/** The name as it can be shown in an error: invisible characters spelled out (`\u202E`), never echoed raw. */
export const visible = (filename: string) =>
  filename.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);

/**
 * The name a received file is saved under: invisible and bidirectional characters spelled out
 * (`visible`), no path separators, no trailing dot or space; a name that could still pass for another
 * type (`invoice.pdf.exe`, an extension outside the allowed list) loses its dots, so no system opens
 * it by the type it names.
 */
export function downloadName(filename: string): string {
  const shown =
    visible(filename)
      .replace(/[\\/]/g, '_')
      .slice(0, 200)
      .replace(/[. ]+$/, '') || 'attachment';
  return unsafeFilename(shown) ? shown.replace(/\./g, '_') : shown;
}
