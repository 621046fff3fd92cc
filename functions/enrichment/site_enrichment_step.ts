import { siteEnrichmentMachine } from '../../shared/research/enrichment/background.js';
import { machineTaskHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `siteEnrichmentMachine` (shared/research/enrichment/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = machineTaskHandler(siteEnrichmentMachine);
