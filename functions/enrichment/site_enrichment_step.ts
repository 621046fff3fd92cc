import { runEnrichmentStep } from '../../shared/enrichment/machine.js';
import type { RunInput } from '../../shared/enrichment/run.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';

setDepsFactory(() => awsDeps());

/** Task function of statemachines/site-enrichment.asl.json (dispatch / check); the local runner calls runEnrichmentStep directly. */
export async function handler(event: RunInput & { action: 'dispatch' | 'check' }) {
  return runEnrichmentStep(await getDeps(), event);
}
