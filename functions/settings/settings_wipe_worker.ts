import { wipeWorker } from '../../shared/workspace/settings/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `wipeWorker` (shared/workspace/settings/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(wipeWorker);
