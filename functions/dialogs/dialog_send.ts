import { dialogSend } from '../../shared/mailing/dialogs/send-worker.js';
import { callableHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `dialogSend` (shared/mailing/dialogs/send-worker.ts): its settings and grants are there. Not an API operation. */
export const handler = callableHandler(dialogSend);
