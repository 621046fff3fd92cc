/**
 * Long-lived workflows (Step Functions in AWS, aws-local-stepfunctions in the embedded runtime).
 * Machines are named logically (`signup-approval`); the adapter maps names to state machines.
 * Task tokens come from `.waitForTaskToken` states: whoever completes the awaited step signals them.
 */
export interface Workflows {
  start(machine: string, name: string, input: Record<string, unknown>): Promise<void>;
  sendTaskSuccess(token: string, output: Record<string, unknown>): Promise<void>;
  sendTaskFailure(token: string, error: string, cause?: string): Promise<void>;
}

/** Thrown (or mapped from SFN's TaskTimedOut / TaskDoesNotExist / InvalidToken) when a token is no longer awaited. */
export class TaskTokenGone extends Error {
  constructor(message = 'task token is no longer awaited') {
    super(message);
    this.name = 'TaskTokenGone';
  }
}
