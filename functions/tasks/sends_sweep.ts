import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { sweepAllTenantSends } from '../../shared/sending/sweep.js';

setDepsFactory(() => awsDeps());

/**
 * Scheduled lease sweep (EventBridge Scheduler, not an API operation): one `sweep-tenant` message per
 * tenant on the `sends` queue, whose worker re-queues lost messages and recovers expired leases.
 */
export async function handler() {
  return { tenants: await sweepAllTenantSends(await getDeps(), 'fanout') };
}
