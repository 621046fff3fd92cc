import type { Stack } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll } from 'vitest';
import { svcApp, type SvcApp } from './svc-app.js';

export type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

export const actions = (s: Statement) => [s.Action].flat();

/** A function's resource in its (nested) stack's template, its environment, and the statements of the policies on its role. */
export function grantsOf(templateOf: SvcApp['templateOf'], fn: LambdaFunction) {
  const s: Stack = fn.stack;
  const resources = templateOf(s).toJSON().Resources as Record<string, any>;
  const resource = resources[s.getLogicalId(fn.node.defaultChild as never)];
  const role = resource.Properties.Role['Fn::GetAtt'][0];
  const statements = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
  return { resource, env: (resource.Properties.Environment?.Variables ?? {}) as Record<string, unknown>, statements };
}

/** The statements that let a function invoke another Lambda. */
export const invokesOf = (templateOf: SvcApp['templateOf'], fn: LambdaFunction) =>
  grantsOf(templateOf, fn).statements.filter((s) => actions(s).some((a) => a.startsWith('lambda:')));

/** For a test file: the synthesized app (built in its beforeAll), with grantsOf and invokes read from its templates. */
export function stackUnderTest() {
  let app: SvcApp;
  beforeAll(() => {
    app = svcApp();
  }, 300_000);
  return {
    stack: () => app.stack,
    grantsOf: (fn: LambdaFunction) => grantsOf(app.templateOf, fn),
    invokes: (fn: LambdaFunction) => invokesOf(app.templateOf, fn),
  };
}
