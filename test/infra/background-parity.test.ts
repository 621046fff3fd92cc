import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines, onceJobs, schedules, workers } from '../../functions/background.js';
import { constructId } from '../../infra/aws/background.js';
import { SvcStack } from '../../infra/aws/stack.js';
import { startSchedule, startWorker } from '../../infra/local/background.js';
import { LocalWorkQueue, type ConsumeOptions } from '../../infra/local/local-queue.js';
import { rateExpression } from '../../shared/registry/background.js';
import { systemClock } from '../../shared/runtime/clock.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { localConfig } from '../../shared/runtime/local-config.js';

/**
 * Every declaration of functions/background.ts, on both sides: the synthesized CloudFormation (queue
 * VisibilityTimeout, RedrivePolicy maxReceiveCount, event source BatchSize / MaximumConcurrency,
 * schedule expression) against what the embedded runtime really starts with no local override (the
 * options its consumers are started with, the period of its timers). A value changed on one side only fails here.
 */
let template: Template;
let stack: SvcStack;
const logicalId = (id: string) => stack.getLogicalId(stack.node.findChild(id).node.defaultChild as never);

/** The local queue as the runtime drives it, recording what each consumer is started with. */
class RecordingQueue extends LocalWorkQueue {
  readonly started = new Map<string, ConsumeOptions>();
  override consume(queue: string, _handler: unknown, opts: ConsumeOptions = {}) {
    this.started.set(queue, opts);
    return { stop: async () => undefined } as never;
  }
}
const queue = new RecordingQueue({} as never, systemClock);
const deps = { queue, clock: systemClock, config: { local: localConfig({ LOG_LEVEL: 'silent' }) } } as unknown as Deps;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new SvcStack(app, 'ParityTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  template = Template.fromJSON(app.synth().getStackArtifact(stack.artifactId).template);
  for (const w of workers) stops.push((await startWorker(deps, { ...w, local: { ...w.local, onStart: undefined, onStop: undefined } })).stop);
}, 120_000);
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('background declarations: AWS and local settings are the same', () => {
  it.each(workers.map((w) => [w.name, w] as const))('worker %s', (_, w) => {
    const q = template.toJSON().Resources[logicalId(`${constructId(w.queue)}Queue`)].Properties;
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties.EventSourceArn).includes(logicalId(`${constructId(w.queue)}Queue`)),
    );
    expect(mappings).toHaveLength(1);
    const esm = mappings[0].Properties;
    const local = queue.started.get(w.queue)!;
    expect(local, `the local runtime consumes ${w.queue}`).toBeDefined();

    expect(q.VisibilityTimeout * 1000).toBe(local.visibilityMs);
    expect(q.RedrivePolicy.maxReceiveCount).toBe(local.maxReceives);
    expect(esm.BatchSize).toBe(w.batchSize);
    expect(esm.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    // Messages in flight locally = invocations at once in AWS × the batch when its records run at once.
    expect(esm.ScalingConfig.MaximumConcurrency * (w.parallel ? esm.BatchSize : 1)).toBe(local.concurrency);
    expect(q.VisibilityTimeout, 'visibility exceeds the function timeout').toBeGreaterThan(w.timeout);
  });

  it.each(schedules.map((s) => [s.name, s] as const))('schedule %s', async (_, s) => {
    const cfn = template.toJSON().Resources[logicalId(`${constructId(s.name)}Schedule`)].Properties;
    const local = await startSchedule(deps, { ...s, handler: async () => undefined });
    await local.stop();
    expect(cfn.ScheduleExpression).toBe(rateExpression(s));
    expect(cfn.ScheduleExpression).toBe(`rate(${local.everyMs / 60_000} minute${local.everyMs === 60_000 ? '' : 's'})`);
  });

  it('reserved concurrency only where declared, and one state machine per declared machine', () => {
    for (const w of workers) {
      const fn = template.toJSON().Resources[logicalId(constructId(w.name))].Properties;
      expect(fn.ReservedConcurrentExecutions).toBe(w.reserve ? w.concurrency : undefined);
    }
    const names = Object.values(template.findResources('AWS::StepFunctions::StateMachine')).map((m) => m.Properties.StateMachineName);
    expect(names.sort()).toEqual(machines.map((m) => `svc-prod-${m.machine}`).sort());
  });

  it.each(onceJobs.map((j) => [j.name, j] as const))(
    'once job %s: a custom resource keyed on its runKey invokes its function at deploy; runs at each start locally (test/integration/tasks-review-backfill.test.ts)',
    (_, j) => {
      const run = template.toJSON().Resources[logicalId(`${constructId(j.name)}Run`)];
      expect(run.Type).toBe(`Custom::${constructId(j.name)}`);
      expect(run.Properties.RunKey).toBe(j.runKey);
      expect(run.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [logicalId(constructId(j.name)), 'Arn'] });
      expect(template.toJSON().Resources[logicalId(constructId(j.name))].Properties.Timeout).toBe(j.timeout);
    },
  );
});
