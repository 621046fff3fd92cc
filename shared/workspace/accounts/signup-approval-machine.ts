import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one ASL file, deployed by CDK and run by the local runner. */
export const SIGNUP_APPROVAL_ASL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../statemachines/signup-approval.asl.json');

/** What the local runner substitutes for the Lambda ARN (the task runs in-process there). */
export const LOCAL_TASK_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:signup-approval-task';

export const readSignupApprovalAsl = () => readFileSync(SIGNUP_APPROVAL_ASL, 'utf8');
