import type { CrawlMessage } from '../../shared/enrichment/run.js';
import { handleCrawlMessage } from '../../shared/enrichment/worker.js';
import type { ScoreMessage } from '../../shared/scoring/run.js';
import { sqsWorker } from '../sqs-worker.js';

/** SQS consumer of the `crawls` queue: one host visit (or one scoring item) per message; partial batch failures. */
export const handler = sqsWorker<CrawlMessage | ScoreMessage>('crawl message', handleCrawlMessage, { parallel: true });
