import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { runWipe, type WipeMessage } from '../../shared/settings/wipe.js';

setDepsFactory(() => awsDeps());

/** SQS consumer of the `workspace-wipe` queue (not an API operation): drops and recreates one tenant table. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const r of event.Records) {
    try {
      await runWipe(deps, messageFromSqs(r).body as WipeMessage);
    } catch (e) {
      log.warn('workspace wipe failed', { messageId: r.messageId, message: (e as Error).message });
      batchItemFailures.push({ itemIdentifier: r.messageId });
    }
  }
  return { batchItemFailures };
}
