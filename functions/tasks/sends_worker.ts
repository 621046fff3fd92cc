import { sendsWorker } from '../../shared/mailing/sending/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `sendsWorker` (shared/mailing/sending/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(sendsWorker);
