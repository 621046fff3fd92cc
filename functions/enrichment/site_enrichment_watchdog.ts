import { siteEnrichmentWatchdog } from '../../shared/enrichment/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `siteEnrichmentWatchdog` (shared/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(siteEnrichmentWatchdog);
