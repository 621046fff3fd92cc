import { createHash } from 'node:crypto';
import type { FileStore } from '../../../platform/ports/files.js';
import type { TableStore } from '../../../platform/ports/table-store.js';
import type { Config } from '../../../platform/runtime/config.js';
import { getCreative } from '../creatives.js';
import { PdfGeneration } from '../entities.js';
import { renderCreativeFor } from '../render.js';
import { loadRecipientContext } from '../recipient.js';
import { pdfImageVariationSchema } from '../schema.js';
import { templateSeed } from '../template.js';
import { htmlToPdf } from './chromium.js';
import { inlineImages } from './images.js';
import type { PdfMessage } from './generations.js';
import { photoStyles } from './variation.js';

// Kept apart from generations.ts so the API Lambdas (request, poll) never bundle puppeteer-core.
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The worker step: render for the recipient, inline the images it references (stored files, https
 * through the outbound guard; images.ts), print in Chromium with the photo variation, store the
 * file (size cap, expiry), mark READY; any failure marks FAILED with a short reason (no stack).
 */
export async function runPdfGeneration(
  deps: {
    config: Pick<Config, 'creatives' | 'chromiumPath' | 'chromiumPackDir' | 'allowLoopbackTargets' | 'dnsServers'>;
    tenantTable(id: string): TableStore;
    files?: FileStore;
    clock: { now(): number };
  },
  msg: PdfMessage,
) {
  const { pdfMaxBytes, pdfTtlMs } = deps.config.creatives;
  const table = deps.tenantTable(msg.tenantId);
  const key = PdfGeneration.key({ generationId: msg.generationId });
  const item = await table.get(key);
  if (!item || item.status === 'READY') return;
  const finish = (set: Record<string, unknown>) => table.update(key, { set: { ...set, finishedAt: iso(deps.clock.now()) } });
  try {
    if (!deps.files) throw new Error('no file store configured');
    await table.update(key, { set: { status: 'RUNNING' } });
    const creative = await getCreative(table, item.creativeId as string);
    const recipient = await loadRecipientContext(table, {
      contactId: (item.contactId as string) ?? undefined,
      companyId: (item.companyId as string) ?? undefined,
    });
    const rendered = renderCreativeFor(creative, recipient, { skipText: true });
    const variation = pdfImageVariationSchema.safeParse((creative.formConfig as Record<string, unknown> | null)?.pdf_image_variation);
    const seed = templateSeed(creative.id, recipient.contactId ?? recipient.companyId ?? '');
    const images = await inlineImages(rendered.html, {
      tenantId: msg.tenantId,
      files: deps.files,
      allowLoopback: deps.config.allowLoopbackTargets,
      dnsServers: deps.config.dnsServers,
      maxImageBytes: deps.config.creatives.pdfImageMaxBytes,
      maxTotalBytes: deps.config.creatives.pdfImagesMaxBytes,
    });
    await table.update(key, { set: { imageIssues: images.issues } });
    const pdf = await htmlToPdf(images.html, photoStyles(seed, variation.success ? variation.data : undefined), {
      chromiumPath: deps.config.chromiumPath,
      chromiumPackDir: deps.config.chromiumPackDir,
    });
    if (pdf.length > pdfMaxBytes) return void (await finish({ status: 'FAILED', error: `pdf_too_large: ${pdf.length} bytes > ${pdfMaxBytes}` }));
    const expiresAt = iso(deps.clock.now() + pdfTtlMs);
    await deps.files.put(msg.tenantId, `pdf/${msg.generationId}.pdf`, pdf, { contentType: 'application/pdf', expiresAt });
    await finish({ status: 'READY', sizeBytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'), expiresAt, error: null });
  } catch (e) {
    await finish({ status: 'FAILED', error: `render_failed: ${String((e as Error).message).slice(0, 200)}` }).catch(() => undefined);
  }
}
