import { campaignMachine } from '../../shared/mailing/campaigns/background.js';
import { machineTaskHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `campaignMachine` (shared/mailing/campaigns/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = machineTaskHandler(campaignMachine);
