import { signupApprovalMachine } from '../../shared/workspace/accounts/background.js';
import { machineTaskHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `signupApprovalMachine` (shared/workspace/accounts/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = machineTaskHandler(signupApprovalMachine);
