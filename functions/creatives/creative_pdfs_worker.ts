import { creativePdfsWorker } from '../../shared/creatives/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `creativePdfsWorker` (shared/creatives/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(creativePdfsWorker);
