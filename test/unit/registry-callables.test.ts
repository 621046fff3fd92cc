import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { callableHandler } from '../../functions/background-handlers.js';
import { localCallables } from '../../infra/local/callables.js';
import { functionNameVariable, LambdaCallables, lambdaCallablesFromConfig } from '../../shared/platform/adapters/functions/lambda-callables.js';
import { assertDeclared, guardedDeps } from '../../shared/platform/http/resource-guard.js';
import { CallableFailed, type Callables } from '../../shared/platform/ports/callables.js';
import { defineCallable } from '../../shared/platform/registry/background.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

// Callables (defineCallable): the same request and answer in AWS (a synchronous Lambda invocation) and in
// the embedded runtime (the handler in-process, through JSON), and the e2e contract check of `function:<name>`.
const echo = defineCallable<{ n: number; at?: Date }, { doubled: number; at?: Date; none?: undefined }>({
  name: 'test_echo',
  tag: 'test',
  timeout: 10,
  resources: [],
  async handler(_deps, r) {
    if (r.n < 0) throw new Error('negative');
    return { doubled: r.n * 2, at: r.at, none: undefined };
  },
});

describe('callables', () => {
  it('callableHandler: the invocation payload is the request, the answer the response', async () => {
    const deps = {} as Deps;
    expect(await callableHandler(echo, async () => deps)({ n: 4 })).toEqual({ doubled: 8 });
    await expect(callableHandler(echo, async () => deps)({ n: -1 })).rejects.toThrow('negative');
  });

  it('in-process: request and answer pass through JSON, a handler error is CallableFailed, an unknown name throws', async () => {
    const deps = {} as Deps;
    const local = localCallables(
      () => deps,
      async () => [echo],
    );
    const at = new Date(0);
    expect(await local.call('test_echo', { n: 3, at })).toStrictEqual({ doubled: 6, at: at.toISOString() });
    const failed = await local.call('test_echo', { n: -1 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CallableFailed);
    expect((failed as CallableFailed).message).toBe('test_echo failed: negative');
    await expect(local.call('nobody', {})).rejects.toThrow(/no callable nobody/);
  });

  it('on Lambda: RequestResponse invocation of FUNCTION_NAME_<NAME>; a FunctionError is CallableFailed with its message', async () => {
    expect(functionNameVariable('mailbox_probe')).toBe('FUNCTION_NAME_MAILBOX_PROBE');
    const lambda = mockClient(LambdaClient);
    const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    lambda.on(InvokeCommand, { FunctionName: 'svc-probe' }).resolves({ StatusCode: 200, Payload: encode({ doubled: 6 }) as never });
    lambda
      .on(InvokeCommand, { FunctionName: 'svc-failing' })
      .resolves({ StatusCode: 200, FunctionError: 'Unhandled', Payload: encode({ errorType: 'Error', errorMessage: 'negative' }) as never });
    const config = configFromEnv({ SECRETS_KEY: 'x'.repeat(43) + '=', FUNCTION_NAME_TEST_ECHO: 'svc-probe', FUNCTION_NAME_TEST_FAILING: 'svc-failing' });
    const client = new LambdaClient({ region: 'eu-west-1' });
    const fromConfig = lambdaCallablesFromConfig(config);
    expect(config.aws.functionNames).toEqual({ test_echo: 'svc-probe', test_failing: 'svc-failing' });
    const callables = new LambdaCallables((c) => config.aws.functionNames[c], client);
    expect(await callables.call('test_echo', { n: 3 })).toEqual({ doubled: 6 });
    const input = lambda.commandCalls(InvokeCommand)[0].args[0].input;
    expect(input.FunctionName).toBe('svc-probe');
    expect(input.InvocationType).toBe('RequestResponse');
    expect(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array))).toEqual({ n: 3 });
    await expect(callables.call('test_failing', { n: -1 })).rejects.toThrow(new CallableFailed('test_failing', 'negative'));
    await expect(fromConfig.call('not_declared', {})).rejects.toThrow(/FUNCTION_NAME_NOT_DECLARED/);
    lambda.restore();
  });

  it('the contract check records a call of a callable the operation does not declare (function:<name>)', async () => {
    const calls: string[] = [];
    const callables: Callables = { call: async (name) => (calls.push(name), null) };
    const base = { input: {}, hints: { readOnly: true }, handler: async () => ({}) } as const;
    const declared = defineOperation({
      ...base,
      operationId: 'test_declared',
      method: 'GET',
      path: '/t/a',
      tag: 'test',
      summary: 's',
      description: 'd',
      access: 'public',
      resources: ['function:test_echo'],
    });
    const undeclared = defineOperation({
      ...base,
      operationId: 'test_undeclared',
      method: 'GET',
      path: '/t/b',
      tag: 'test',
      summary: 's',
      description: 'd',
      access: 'public',
    });
    const ok = guardedDeps({ platform: {}, callables } as unknown as Deps, declared as never);
    await ok.deps.callables!.call('test_echo', {});
    expect(ok.violations).toEqual([]);
    const bad = guardedDeps({ platform: {}, callables } as unknown as Deps, undeclared as never);
    await bad.deps.callables!.call('test_echo', {});
    expect(bad.violations).toEqual(['calls function test_echo without declaring function:test_echo']);
    expect(() => assertDeclared(undeclared as never, bad.violations)).toThrow();
    expect(calls).toEqual(['test_echo', 'test_echo']);
  });
});
