import { newId } from '../../platform/data/ids.js';
import { notFound } from '../../platform/errors.js';
import { log } from '../../platform/runtime/logger.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { RAW_TTL_MS } from './settings.js';

/** A screenshot bigger than this is not kept (a 1280×800 JPEG at quality 60 is ~50-200 KB). */
export const SCREENSHOT_MAX_BYTES = 512 * 1024;

export interface ScreenshotRef {
  fileId: string;
  sourceUrl: string;
  bytes: number;
  expiresAt: string;
}

const keyOf = (taskId: string, fileId: string) => `screenshots/${taskId}/${fileId}.jpg`;

/**
 * saveScreenshot: the one viewport-sized (1280×800, not full-page) JPEG of the home page that the browser
 * path took, kept in the tenant file store (deps.files: a folder under DATA_DIR locally, S3 in AWS) for
 * as long as the raw snapshots (12 h), then gone. Over SCREENSHOT_MAX_BYTES or without a file store: not kept.
 */
export async function storeScreenshot(deps: Deps, tenantId: string, taskId: string, bytes: Buffer, sourceUrl: string): Promise<ScreenshotRef | undefined> {
  if (!deps.files) return void log.warn('site enrichment: no file store; screenshot dropped', { taskId });
  if (bytes.length > SCREENSHOT_MAX_BYTES) return void log.info('site enrichment: screenshot over the cap dropped', { taskId, bytes: bytes.length });
  const now = deps.clock.now();
  const fileId = newId(now);
  const expiresAt = new Date(now + RAW_TTL_MS).toISOString();
  await deps.files.put(tenantId, keyOf(taskId, fileId), bytes, { contentType: 'image/jpeg', expiresAt });
  return { fileId, sourceUrl, bytes: bytes.length, expiresAt };
}

/** The stored JPEG of a task's screenshot; 404 when unknown, of another task or expired. */
export async function getScreenshot(deps: Deps, tenantId: string, taskId: string, fileId: string) {
  const file = await deps.files?.get(tenantId, keyOf(taskId, fileId));
  if (!file) throw notFound('Screenshot');
  return file;
}
