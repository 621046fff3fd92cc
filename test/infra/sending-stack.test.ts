import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, it } from 'vitest';
import { SvcStack } from '../../infra/aws/stack.js';
import { SEND_WORKER_CONCURRENCY } from '../../infra/aws/sending.js';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new SvcStack(app, 'SendingTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  template = Template.fromJSON(app.synth().getStackArtifact(stack.artifactId).template);
}, 120_000);

describe('mailing delivery in the CDK app', () => {
  it('has the sends queue with a DLQ, a worker with reserved concurrency and partial batch failures, and the scheduled lease sweep', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 180, RedrivePolicy: Match.objectLike({ maxReceiveCount: 8 }) });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: SEND_WORKER_CONCURRENCY },
    });
    template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: SEND_WORKER_CONCURRENCY });
    template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(1 minute)', FlexibleTimeWindow: { Mode: 'OFF' } });
  });
});
