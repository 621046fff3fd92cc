import { webhooksWorker } from '../../shared/workspace/webhooks/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `webhooksWorker` (shared/workspace/webhooks/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(webhooksWorker);
