import { fanOutInboxWork } from '../../shared/dialogs/queue.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';

setDepsFactory(() => awsDeps());

/** Scheduled (EventBridge Scheduler, not an API operation): one `inbox` message per active mailbox and per tenant's sequences. */
export async function handler() {
  return { messages: await fanOutInboxWork(await getDeps()) };
}
