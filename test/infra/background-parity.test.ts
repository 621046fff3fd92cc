import { App, Stack } from 'aws-cdk-lib';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Schedule } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines, onceJobs, schedules, workers } from '../../functions/background.js';
import { constructId, eventBridgeSchedule } from '../../infra/aws/background.js';
import type { SvcStack } from '../../infra/aws/stack.js';
import { startSchedule, startWorker } from '../../infra/local/background.js';
import { LocalWorkQueue, type ConsumeOptions } from '../../infra/local/local-queue.js';
import { defineSchedule, scheduleExpression, type ScheduleDefinition } from '../../shared/platform/registry/background.js';
import { systemClock } from '../../shared/platform/runtime/clock.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { localConfig } from '../../shared/platform/runtime/local-config.js';
import { svcApp } from '../support/svc-app.js';

/**
 * Every declaration of functions/background.ts, on both sides: the synthesized CloudFormation (queue
 * VisibilityTimeout, RedrivePolicy maxReceiveCount, event source BatchSize / MaximumConcurrency,
 * schedule expression) against what the embedded runtime really starts with no local override (the
 * options its consumers are started with, the period of its timers, the times of its cron timers). A
 * value changed on one side only fails here.
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
  ({ stack, template } = svcApp());
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
    await expectSameTimes(cfn, s);
  });

  // No declared schedule is calendar-based yet: these two show a cron declaration built by the same
  // code as the stack's (eventBridgeSchedule) and run by the same local timer (startSchedule).
  it.each([
    ['monthly, on the 1st at 03:00', '0 3 1 * *', 'cron(0 3 1 * ? *)', ['2026-12-01T03:00', '2027-01-01T03:00', '2027-02-01T03:00', '2027-03-01T03:00']],
    ['on work days at 09:30', '30 9 * * MON-FRI', 'cron(30 9 ? * MON-FRI *)', ['2026-11-30T09:30', '2026-12-01T09:30', '2026-12-02T09:30', '2026-12-03T09:30']],
    ['every 15 minutes', '*/15 * * * *', 'cron(0/15 * * * ? *)', ['2026-11-27T12:15', '2026-11-27T12:30', '2026-11-27T12:45', '2026-11-27T13:00']],
  ])('a cron schedule, %s', async (_, cron, expression, times) => {
    const s = defineSchedule({ name: 'calendar_example', tag: 'example', cron, timeout: 60, resources: [], handler: async () => undefined });
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const calendar = new Stack(app, 'CronParity');
    const fn = new LambdaFunction(calendar, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {}'),
    });
    new Schedule(calendar, 'CalendarExampleSchedule', { schedule: eventBridgeSchedule(s), target: new LambdaInvoke(fn) });
    const cfn = Object.values(Template.fromStack(calendar).findResources('AWS::Scheduler::Schedule'))[0].Properties;
    expect(cfn.ScheduleExpression).toBe(expression);
    expect(cfn.ScheduleExpressionTimezone).toBe('Etc/UTC');
    // The times EventBridge runs `expression` at (its cron reference), as the local timer computes them.
    expect(await expectSameTimes(cfn, s)).toEqual(times.map((t) => Date.parse(`${t}:00Z`)));
  });

  /** The schedule's expression in the template is the declaration's, and the local timer runs at the same period or the same cron times. */
  async function expectSameTimes(cfn: { ScheduleExpression: string; ScheduleExpressionTimezone?: string }, s: ScheduleDefinition) {
    const local = await startSchedule(deps, { ...s, handler: async () => undefined });
    await local.stop();
    expect(cfn.ScheduleExpression).toBe(scheduleExpression(s));
    if ('everyMs' in local) return expect(cfn.ScheduleExpression).toBe(`rate(${local.everyMs / 60_000} minute${local.everyMs === 60_000 ? '' : 's'})`);
    expect(cfn.ScheduleExpressionTimezone).toBe('Etc/UTC');
    expect(local.cron).toBe(s.cron);
    return local.nextRuns(Date.parse('2026-11-27T12:07:00Z'), 4);
  }

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
