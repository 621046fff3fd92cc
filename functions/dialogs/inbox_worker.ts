import { inboxWorker } from '../../shared/mailing/dialogs/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `inboxWorker` (shared/mailing/dialogs/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(inboxWorker);
