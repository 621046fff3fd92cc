import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deps } from '../../platform/runtime/deps.js';
import { checkRun, dispatchRun, type RunInput } from './run.js';

/** The one ASL file, deployed by CDK and run by the local runner. */
export const SITE_ENRICHMENT_ASL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../statemachines/site-enrichment.asl.json');
export const LOCAL_ENRICHMENT_TASK_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:site-enrichment-task';
export const readSiteEnrichmentAsl = () => readFileSync(SITE_ENRICHMENT_ASL, 'utf8');

/** The Lambda behind the machine's Task states (and the local runner's task handler). */
export async function runEnrichmentStep(deps: Deps, payload: RunInput & { action: 'dispatch' | 'check' }) {
  return payload.action === 'dispatch' ? dispatchRun(deps, payload) : checkRun(deps, payload);
}
