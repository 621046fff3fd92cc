import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import type { SendMessage } from '../../shared/sending/queue.js';
import { handleSendMessage } from '../../shared/sending/sweep.js';

setDepsFactory(() => awsDeps());

/**
 * SQS consumer of the `sends` queue (not an API operation): task builds, single sends and per-tenant
 * lease sweeps. Each message is idempotent (the send item's status decides); failures are reported
 * per record, so one bad message is retried alone and ends in the DLQ. Its reserved concurrency
 * bounds the SMTP connections (infra/aws/sending.ts).
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (r) => {
      try {
        await handleSendMessage(deps, messageFromSqs(r).body as SendMessage);
      } catch (e) {
        log.warn('send message failed', { messageId: r.messageId, message: (e as Error).message });
        batchItemFailures.push({ itemIdentifier: r.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
