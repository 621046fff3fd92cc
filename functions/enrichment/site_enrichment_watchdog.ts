import { watchdogScan } from '../../shared/enrichment/run.js';
import { sweepRaw } from '../../shared/enrichment/views.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { forEachTenant } from '../../shared/tenancy/each-tenant.js';

setDepsFactory(() => awsDeps());

/** EventBridge every minute: the stall watchdog; at minute 0 also the hourly RawFetch sweep over every tenant. */
export async function handler() {
  const deps = await getDeps();
  const s = deps.config.enrichment;
  const reclaimed = await watchdogScan(deps, s.stallMs, s.maxResumeAttempts);
  let swept = 0;
  if (new Date(deps.clock.now()).getUTCMinutes() === 0) {
    swept = (await forEachTenant(deps, 'raw fetch sweep', (tenantId) => sweepRaw(deps.tenantTable(tenantId), deps.clock.now()))).total;
  }
  return { reclaimed, swept };
}
