import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { runImportJob, type ImportJobMessage } from '../../shared/imports/jobs.js';

setDepsFactory(() => awsDeps());

/**
 * SQS consumer of the `imports` queue (not an API operation): runs or resumes one import job. The job
 * records its own failure; a throw here is an infrastructure fault, retried (resuming at the last chunk).
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const r of event.Records) {
    try {
      await runImportJob(deps, messageFromSqs(r).body as ImportJobMessage);
    } catch (e) {
      log.warn('import job message failed', { messageId: r.messageId, message: (e as Error).message });
      batchItemFailures.push({ itemIdentifier: r.messageId });
    }
  }
  return { batchItemFailures };
}
