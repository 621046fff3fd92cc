import { runConveyor } from '../../shared/campaigns/conveyor.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';

setDepsFactory(() => awsDeps());

/** The campaign conveyor (EventBridge, every minute): engine pauses mirrored into campaigns, AI recovery of DEGRADED campaigns. Not an API operation. */
export async function handler() {
  await runConveyor(await getDeps());
}
