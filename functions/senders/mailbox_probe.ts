import { mailboxProbe } from '../../shared/mailing/senders/background.js';
import { callableHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `mailboxProbe` (shared/mailing/senders/background.ts): its settings and grants are there. Not an API operation. */
export const handler = callableHandler(mailboxProbe);
