import type { LambdaClient } from '@aws-sdk/client-lambda';
import { CallableFailed, type Callables } from '../../ports/callables.js';
import type { Config } from '../../runtime/config.js';
import { onFirstUse } from '../on-first-use.js';

/** `mailbox_probe` → `FUNCTION_NAME_MAILBOX_PROBE` (set by the CDK stack on the functions declaring `function:mailbox_probe`). */
export const functionNameVariable = (callable: string) => `FUNCTION_NAME_${callable.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * Callables on AWS Lambda: a synchronous invocation (RequestResponse) of the callable's function. A
 * handler error comes back as FunctionError with {errorMessage} and is thrown as CallableFailed; so is a
 * timeout of the callee. The client module is loaded on the first call (onFirstUse).
 */
export class LambdaCallables implements Callables {
  private readonly lambda = onFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-lambda');
    return { sdk, client: this.client ?? new sdk.LambdaClient({}) };
  });

  constructor(
    private readonly nameOf: (callable: string) => string | undefined,
    private readonly client?: LambdaClient,
  ) {}

  async call(name: string, request: unknown): Promise<unknown> {
    const FunctionName = this.nameOf(name);
    if (!FunctionName) throw new Error(`no function name for ${name} (${functionNameVariable(name)}): declare function:${name}`);
    const { sdk, client } = await this.lambda();
    const out = await client.send(
      new sdk.InvokeCommand({ FunctionName, InvocationType: 'RequestResponse', Payload: new TextEncoder().encode(JSON.stringify(request ?? null)) }),
    );
    const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
    const answer: unknown = text ? JSON.parse(text) : null;
    if (out.FunctionError) throw new CallableFailed(name, (answer as { errorMessage?: string } | null)?.errorMessage ?? out.FunctionError);
    return answer;
  }
}

/** The callables of `config.aws.functionNames` (FUNCTION_NAME_<NAME>, set by the CDK stack for each `function:<name>` resource). */
export const lambdaCallablesFromConfig = (config: Pick<Config, 'aws'>) =>
  new LambdaCallables((c) => config.aws.functionNames[functionNameVariable(c).slice('FUNCTION_NAME_'.length).toLowerCase()]);
