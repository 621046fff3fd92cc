import { inboxSchedule } from '../../shared/dialogs/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `inboxSchedule` (shared/dialogs/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(inboxSchedule);
