import type { PdfMessage } from '../../shared/creatives/pdf/generations.js';
import { runPdfGeneration } from '../../shared/creatives/pdf/worker.js';
import type { PlacementMessage } from '../../shared/creatives/placement.js';
import { runPlacementTest } from '../../shared/creatives/placement-worker.js';
import { sqsWorker } from '../sqs-worker.js';

/**
 * SQS consumer of the creatives' queues (not an API operation): `creative-pdfs` (Chromium at
 * CHROMIUM_PATH, e.g. a @sparticuz/chromium layer) and `creative-placement`. Both steps record their
 * own failure on the item (FAILED + reason); a throw here is an infrastructure fault, retried per record.
 */
export const handler = sqsWorker<PdfMessage | PlacementMessage>('creative queue message', async (deps, body) => {
  if (body.type === 'pdf') await runPdfGeneration(deps, body);
  else if (body.type === 'placement') await runPlacementTest(deps, body);
});
