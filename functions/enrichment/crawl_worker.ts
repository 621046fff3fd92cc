import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../../shared/adapters/queue/sqs-queue.js';
import type { CrawlMessage } from '../../shared/enrichment/run.js';
import { handleCrawlMessage } from '../../shared/enrichment/worker.js';
import type { ScoreMessage } from '../../shared/scoring/run.js';
import { log } from '../../shared/runtime/logger.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';

setDepsFactory(() => awsDeps());

/** SQS consumer of the `crawls` queue: one host visit (or one scoring item) per message; partial batch failures. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const deps = await getDeps();
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (r) => {
      try {
        await handleCrawlMessage(deps, messageFromSqs(r).body as CrawlMessage | ScoreMessage);
      } catch (e) {
        log.warn('crawl message failed', { messageId: r.messageId, message: (e as Error).message });
        batchItemFailures.push({ itemIdentifier: r.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
