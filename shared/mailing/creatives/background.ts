import { defineWorker } from '../../platform/registry/background.js';
import { closePdfBrowser } from './pdf/chromium.js';
import { PDF_QUEUE, type PdfMessage } from './pdf/generations.js';
import { runPdfGeneration } from './pdf/worker.js';
import { PLACEMENT_QUEUE, type PlacementMessage } from './placement.js';
import { runPlacementTest } from './placement-worker.js';

/**
 * `creative-pdfs`: Chromium renders (two at a time: Chromium is heavy). A render records its own
 * failure on the item (FAILED + reason); a throw is an infrastructure fault, retried. Three receives:
 * a render that failed three times for the infrastructure will not pass a fourth (the local runtime
 * allowed 5, by default only). Visibility 6 min > the 5 min timeout (page loads and prints are bounded at 30 s each).
 */
export const creativePdfsWorker = defineWorker<PdfMessage>({
  name: 'creative_pdfs_worker',
  tag: 'creatives',
  queue: PDF_QUEUE,
  handler: runPdfGeneration,
  visibility: 360,
  maxReceives: 3,
  batchSize: 1,
  concurrency: 2,
  timeout: 300,
  memorySize: 2048,
  chromium: true,
  resources: ['tenantTables', 'files'],
  local: { onStop: () => closePdfBrowser() },
});

/**
 * `creative-placement`: inbox-placement tests (send to seeds, watch their folders up to the test's
 * timeout, 15 minutes at most, Lambda's limit too). Visibility 16 min: the watch ends by 15, so a
 * message is never received twice while its test runs (the local runtime's 20 min only delayed a
 * retry after a crash). Three receives: each try mails the seeds again.
 */
export const creativePlacementWorker = defineWorker<PlacementMessage>({
  name: 'creative_placement_worker',
  tag: 'creatives',
  queue: PLACEMENT_QUEUE,
  handler: runPlacementTest,
  visibility: 960,
  maxReceives: 3,
  batchSize: 1,
  concurrency: 4,
  timeout: 900,
  resources: ['tenantTables', 'files'],
});
