import { siteEnrichmentWatchdog } from '../../shared/research/enrichment/background.js';
import { scheduleHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `siteEnrichmentWatchdog` (shared/research/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = scheduleHandler(siteEnrichmentWatchdog);
