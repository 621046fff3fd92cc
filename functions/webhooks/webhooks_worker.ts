import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { handleWebhookMessage } from '../../shared/webhooks/dispatcher.js';
import type { WebhookMessage } from '../../shared/webhooks/queue.js';

setDepsFactory(() => awsDeps());

/**
 * SQS consumer of the `webhooks` queue (not an API operation): dispatch nudges, delivery attempts and
 * per-tenant sweeps. Idempotent per message; failures are reported per record (partial batch response),
 * so one bad message is retried alone and ends in the DLQ after the queue's maxReceiveCount.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (r) => {
      try {
        await handleWebhookMessage(deps, messageFromSqs(r).body as WebhookMessage);
      } catch (e) {
        log.warn('webhook message failed', { messageId: r.messageId, message: (e as Error).message });
        batchItemFailures.push({ itemIdentifier: r.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
