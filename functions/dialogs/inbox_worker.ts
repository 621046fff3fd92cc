import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { handleInboxMessage, type InboxMessage } from '../../shared/dialogs/queue.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { log } from '../../shared/runtime/logger.js';

setDepsFactory(() => awsDeps());

/**
 * SQS consumer of the `inbox` queue (not an API operation): mailbox syncs (IMAP, bounded per message,
 * one run per mailbox at a time by a lease on its cursor) and sequence runs. Failures are reported per
 * record and end in the DLQ after repeated receives.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const r of event.Records) {
    try {
      await handleInboxMessage(deps, messageFromSqs(r).body as InboxMessage);
    } catch (e) {
      log.warn('inbox message failed', { messageId: r.messageId, message: (e as Error).message });
      batchItemFailures.push({ itemIdentifier: r.messageId });
    }
  }
  return { batchItemFailures };
}
