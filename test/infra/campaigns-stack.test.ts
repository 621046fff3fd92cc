import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SvcStack } from '../../infra/aws/stack.js';
import { svcApp, type SvcApp } from '../support/svc-app.js';

// The synthesized template (bundling skipped) carries the campaign-recipients machine, its step Lambda,
// the conveyor schedule, and the machine ARN on every operation that starts a preparation.
let stack: SvcStack;
let template: Template;
let templateOf: SvcApp['templateOf'];

beforeAll(() => {
  ({ stack, template, templateOf } = svcApp());
}, 300_000);

describe('campaigns on AWS', () => {
  it('a Standard campaign-recipients machine from the ASL, invoking the campaign step Lambda', () => {
    const machines = Object.values(template.findResources('AWS::StepFunctions::StateMachine')).filter((m) =>
      JSON.stringify(m.Properties.StateMachineName).includes('campaign-recipients'),
    );
    expect(machines).toHaveLength(1);
    const m = machines[0].Properties;
    expect(m.StateMachineType).toBe('STANDARD');
    expect(JSON.stringify(m.DefinitionString)).toContain('Prepare');
  });

  it('the conveyor runs every minute; starters carry the machine ARN', () => {
    const rules = Object.values(template.findResources('AWS::Scheduler::Schedule')).map((r) => r.Properties.ScheduleExpression);
    expect(rules.filter((r) => r === 'rate(1 minute)').length).toBeGreaterThanOrEqual(1);
    const ops = templateOf(stack.operationStacks.get('campaigns')!);
    const withArn = Object.values(ops.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.SFN_ARN_CAMPAIGN_RECIPIENTS);
    expect(withArn).toHaveLength(3);
  });
});
