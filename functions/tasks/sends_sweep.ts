import { sendsSweep } from '../../shared/mailing/sending/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `sendsSweep` (shared/mailing/sending/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(sendsSweep);
