import { sendsSweep } from '../../shared/sending/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `sendsSweep` (shared/sending/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(sendsSweep);
