import type { SFNClient } from '@aws-sdk/client-sfn';
import { TaskTokenGone, type Workflows } from '../../ports/workflows.js';
import type { Config } from '../../runtime/config.js';
import { onFirstUse } from '../on-first-use.js';

/** `signup-approval` → `SFN_ARN_SIGNUP_APPROVAL` (set by the CDK construct that deploys the machine). */
export const workflowArnVariable = (machine: string) => `SFN_ARN_${machine.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

const GONE = new Set(['TaskTimedOut', 'TaskDoesNotExist', 'InvalidToken']);

/** Workflows on AWS Step Functions (Standard). The client module is loaded on the first call (onFirstUse). */
export class SfnWorkflows implements Workflows {
  private readonly sfn = onFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-sfn');
    return { sdk, client: this.client ?? new sdk.SFNClient({}) };
  });

  constructor(
    private readonly arnOf: (machine: string) => string | undefined,
    private readonly client?: SFNClient,
  ) {}

  async start(machine: string, name: string, input: Record<string, unknown>) {
    const stateMachineArn = this.arnOf(machine);
    if (!stateMachineArn) throw new Error(`no state machine ARN for ${machine} (${workflowArnVariable(machine)})`);
    const { sdk, client } = await this.sfn();
    await client.send(new sdk.StartExecutionCommand({ stateMachineArn, name: name.slice(0, 80), input: JSON.stringify(input) }));
  }

  async sendTaskSuccess(token: string, output: Record<string, unknown>) {
    const { sdk, client } = await this.sfn();
    await this.signal(() => client.send(new sdk.SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify(output) })));
  }

  async sendTaskFailure(token: string, error: string, cause?: string) {
    const { sdk, client } = await this.sfn();
    await this.signal(() => client.send(new sdk.SendTaskFailureCommand({ taskToken: token, error, cause })));
  }

  private async signal(send: () => Promise<unknown>) {
    try {
      await send();
    } catch (e) {
      if (GONE.has((e as Error).name)) throw new TaskTokenGone((e as Error).name);
      throw e;
    }
  }
}

/** The state machines of `config.aws.workflowArns` (SFN_ARN_<MACHINE>, set by the CDK stack for the `workflows` resource). */
export const sfnWorkflowsFromConfig = (config: Pick<Config, 'aws'>) =>
  new SfnWorkflows((m) => config.aws.workflowArns[workflowArnVariable(m).slice('SFN_ARN_'.length).toLowerCase()]);
