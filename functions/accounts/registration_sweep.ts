import { registrationSweep } from '../../shared/workspace/accounts/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `registrationSweep` (shared/workspace/accounts/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(registrationSweep);
