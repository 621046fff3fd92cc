import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { sweepExpiredRegistrations } from '../../shared/accounts/sweep.js';

setDepsFactory(() => awsDeps());

/** EventBridge Scheduler target: deletes pending registrations past their 24 h / 7 day deadline. */
export async function handler() {
  return sweepExpiredRegistrations(await getDeps(), { maxItems: 2000 });
}
