import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { sweepAllTenants } from '../../shared/webhooks/dispatcher.js';

setDepsFactory(() => awsDeps());

/**
 * EventBridge-scheduled sweep (not an API operation): fans out one `sweep-tenant` message per tenant,
 * whose worker dispatches pending outbox events and re-queues overdue deliveries, so a lost nudge or
 * a lost delivery message never loses an event.
 */
export async function handler() {
  return { tenants: await sweepAllTenants(await getDeps(), 'fanout') };
}
