import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import type { PdfMessage } from '../../shared/creatives/pdf/generations.js';
import { runPdfGeneration } from '../../shared/creatives/pdf/worker.js';
import type { PlacementMessage } from '../../shared/creatives/placement.js';
import { runPlacementTest } from '../../shared/creatives/placement-worker.js';

setDepsFactory(() => awsDeps());

/**
 * SQS consumer of the creatives' queues (not an API operation): `creative-pdfs` (Chromium at
 * CHROMIUM_PATH, e.g. a @sparticuz/chromium layer) and `creative-placement`. Both steps record their
 * own failure on the item (FAILED + reason); a throw here is an infrastructure fault, retried per record.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const r of event.Records) {
    try {
      const body = messageFromSqs(r).body as PdfMessage | PlacementMessage;
      if (body.type === 'pdf') await runPdfGeneration(deps, body);
      else if (body.type === 'placement') await runPlacementTest(deps, body);
    } catch (e) {
      log.warn('creative queue message failed', { messageId: r.messageId, message: (e as Error).message });
      batchItemFailures.push({ itemIdentifier: r.messageId });
    }
  }
  return { batchItemFailures };
}
