import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SvcStack } from '../../infra/aws/stack.js';
import { svcApp, type SvcApp } from '../support/svc-app.js';

let stack: SvcStack;
let template: Template;
let templateOf: SvcApp['templateOf'];
beforeAll(() => {
  ({ stack, template, templateOf } = svcApp());
}, 300_000);

/** The synthesized template of the (nested) stack a function lives in, and the function's resource. */
function functionResource(operationId: string) {
  const fn = stack.functions.get(operationId)!;
  return templateOf(fn.stack).toJSON().Resources[fn.stack.getLogicalId(fn.node.defaultChild as never)];
}

describe('webhooks in the CDK app', () => {
  it('has the webhooks queue with a DLQ, a worker with partial batch failures and a one-minute sweep', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 90, RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }) });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionResponseTypes: ['ReportBatchItemFailures'], BatchSize: 10 });
    template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(1 minute)' });
  });

  it('lets operation functions nudge the queue (QUEUE_URL_WEBHOOKS) and gives the registry lookup its settings', () => {
    expect(Object.keys(functionResource('LeadsController_move').Properties.Environment.Variables)).toContain('QUEUE_URL_WEBHOOKS');
    expect(Object.keys(functionResource('connectors_tilda_webhook').Properties.Environment.Variables)).toContain('QUEUE_URL_WEBHOOKS');
    expect(Object.keys(functionResource('connectors_registry_name').Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['REGISTRY_BASE_URL', 'REGISTRY_API_KEY']),
    );
  });
});
