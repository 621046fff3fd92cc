import { webhooksSweep } from '../../shared/workspace/webhooks/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `webhooksSweep` (shared/workspace/webhooks/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(webhooksSweep);
