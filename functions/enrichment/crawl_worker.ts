import { crawlWorker } from '../../shared/research/enrichment/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `crawlWorker` (shared/research/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(crawlWorker);
