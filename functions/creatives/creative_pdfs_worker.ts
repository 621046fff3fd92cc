import { creativePdfsWorker } from '../../shared/mailing/creatives/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `creativePdfsWorker` (shared/mailing/creatives/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(creativePdfsWorker);
