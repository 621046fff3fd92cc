import { sequenceSchedule } from '../../shared/mailing/dialogs/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `sequenceSchedule` (shared/mailing/dialogs/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(sequenceSchedule);
