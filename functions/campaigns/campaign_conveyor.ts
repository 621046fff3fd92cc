import { campaignConveyor } from '../../shared/mailing/campaigns/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `campaignConveyor` (shared/mailing/campaigns/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(campaignConveyor);
