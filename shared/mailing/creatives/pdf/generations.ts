import { createHash } from 'node:crypto';
import { notFound } from '../../../platform/errors.js';
import type { FileStore } from '../../../platform/ports/files.js';
import type { Item, TableStore } from '../../../platform/ports/table-store.js';
import type { WorkQueue } from '../../../platform/ports/queue.js';
import { getCreative } from '../creatives.js';
import { PdfGeneration } from '../entities.js';
import { loadRecipientContext } from '../recipient.js';

export const PDF_QUEUE = 'creative-pdfs';
export type PdfMessage = { type: 'pdf'; tenantId: string; generationId: string };
const iso = (ms: number) => new Date(ms).toISOString();

export interface GenerationView {
  generationId: string;
  status: 'PENDING' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';
  creativeId: string;
  contactId: string | null;
  companyId: string | null;
  contentVersion: number;
  sizeBytes: number | null;
  sha256: string | null;
  error: string | null;
  imageIssues: { src: string; reason: string; detail?: string }[];
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

export const toGeneration = (i: Item): GenerationView => ({
  generationId: i.id as string,
  status: i.status as GenerationView['status'],
  creativeId: i.creativeId as string,
  contactId: (i.contactId as string) ?? null,
  companyId: (i.companyId as string) ?? null,
  contentVersion: i.contentVersion as number,
  sizeBytes: (i.sizeBytes as number) ?? null,
  sha256: (i.sha256 as string) ?? null,
  error: (i.error as string) ?? null,
  imageIssues: (i.imageIssues as GenerationView['imageIssues']) ?? [],
  createdAt: i.createdAt as string,
  finishedAt: (i.finishedAt as string) ?? null,
  expiresAt: (i.expiresAt as string) ?? null,
});

/**
 * Requests a PDF of a creative for one recipient. The generation id is derived from (creative,
 * content version, recipient), so repeating the POST returns the same generation instead of queueing
 * new work; a FAILED or EXPIRED one is queued again. `pdfTtlMs` (PDF_TTL_HOURS): the item outlives
 * the file by one more period.
 */
export async function requestPdf(
  table: TableStore,
  queue: WorkQueue,
  tenantId: string,
  input: { creativeId: string; contactId?: string; companyId?: string },
  now: number,
  pdfTtlMs: number,
) {
  const creative = await getCreative(table, input.creativeId);
  const recipient = await loadRecipientContext(table, input);
  const id = createHash('sha256')
    .update([creative.id, creative.contentVersion, recipient.contactId ?? '', recipient.companyId ?? ''].join('\u0000'))
    .digest('hex')
    .slice(0, 26);
  const existing = await table.get(PdfGeneration.key({ generationId: id }));
  if (existing && !['FAILED', 'EXPIRED'].includes(existing.status as string) && !(existing.expiresAt && Date.parse(existing.expiresAt as string) <= now))
    return toGeneration(existing);
  const item = PdfGeneration.item(
    { generationId: id },
    {
      id,
      status: 'PENDING',
      creativeId: creative.id,
      contactId: recipient.contactId ?? null,
      companyId: recipient.companyId ?? null,
      contentVersion: creative.contentVersion,
      createdAt: iso(now),
      ttl: Math.floor((now + pdfTtlMs * 2) / 1000),
    },
  );
  await table.put(item);
  await queue.send(PDF_QUEUE, { type: 'pdf', tenantId, generationId: id } satisfies PdfMessage);
  return toGeneration(item);
}

export async function getGeneration(table: TableStore, files: FileStore | undefined, tenantId: string, id: string, now: number, withFile: boolean) {
  const item = await table.get(PdfGeneration.key({ generationId: id }));
  if (!item || !PdfGeneration.is(item)) throw notFound('PDF generation');
  const view = toGeneration(item);
  if (view.status !== 'READY') return { ...view, contentBase64: null };
  const file = withFile || now >= Date.parse(view.expiresAt!) ? await files?.get(tenantId, `pdf/${id}.pdf`) : undefined;
  if (now >= Date.parse(view.expiresAt!) || (withFile && !file)) return { ...view, status: 'EXPIRED' as const, contentBase64: null };
  return { ...view, contentBase64: file ? file.bytes.toString('base64') : null };
}
