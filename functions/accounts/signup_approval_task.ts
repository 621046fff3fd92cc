import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { runSignupApprovalTask, type SignupApprovalTask } from '../../shared/accounts/workflow-tasks.js';

setDepsFactory(() => awsDeps());

/**
 * Task function of statemachines/signup-approval.asl.json (lambda:invoke Payload in, result out);
 * the local runner calls runSignupApprovalTask directly with the same payloads.
 */
export async function handler(event: SignupApprovalTask) {
  return runSignupApprovalTask(await getDeps(), event);
}
