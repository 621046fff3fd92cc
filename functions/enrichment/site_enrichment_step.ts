import { siteEnrichmentMachine } from '../../shared/enrichment/background.js';
import { machineTaskHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `siteEnrichmentMachine` (shared/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = machineTaskHandler(siteEnrichmentMachine);
