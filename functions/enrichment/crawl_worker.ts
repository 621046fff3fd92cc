import { crawlWorker } from '../../shared/enrichment/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `crawlWorker` (shared/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(crawlWorker);
