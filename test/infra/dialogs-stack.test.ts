import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SvcStack } from '../../infra/aws/stack.js';
import { INBOX_WORKER_CONCURRENCY } from '../../infra/aws/dialogs.js';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new SvcStack(app, 'DialogsTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  template = Template.fromJSON(app.synth().getStackArtifact(stack.artifactId).template);
}, 180_000);

describe('dialogs in the CDK app', () => {
  it('schedules the inbox fan-out, queues mailbox syncs with a DLQ, and bounds the IMAP workers', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 360, RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }) });
    template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(2 minutes)' });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 1, ScalingConfig: { MaximumConcurrency: INBOX_WORKER_CONCURRENCY } });
    const fns = template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: INBOX_WORKER_CONCURRENCY } });
    const worker = Object.values(fns).find((f) => JSON.stringify(f.Properties.Environment ?? {}).includes('QUEUE_URL_SENDS'));
    expect(worker, 'the inbox worker may send follow-up steps to the sends queue').toBeTruthy();
  });
});
