import { ArnFormat, CfnOutput, CustomResource, Duration, TimeZone, type Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { callables, machines, onceJobs, schedules, workers } from '../../functions/background.js';
import { functionNameVariable } from '../../shared/platform/adapters/functions/lambda-callables.js';
import { workflowArnVariable } from '../../shared/platform/adapters/workflows/sfn-workflows.js';
import { backgroundEntry, scheduleExpression, type ScheduleDefinition } from '../../shared/platform/registry/background.js';
import type { StackContext } from './stack.js';

/** `sends_worker` → `SendsWorker`, `creative-pdfs` → `CreativePdfs`: construct ids. */
export const constructId = (name: string) => name.replace(/(^|[_-])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * Every declaration of functions/background.ts, built the one way:
 * - a machine: the Standard state machine from its ASL file (inline, so the template carries the exact
 *   file the local runner executes), its task Lambda, and the `workflow:<machine>` resource: its ARN
 *   (formatted from the fixed name, so no function depends on the machine) and StartExecution on it
 *   alone, plus SendTaskSuccess/Failure when the machine `signals`;
 * - a worker: its queue with a DLQ after `maxReceives`, the `queue:<name>` resource, its Lambda and an
 *   SQS event source (batch size, MaximumConcurrency, partial batch failures; a reserved concurrency
 *   when it `reserve`s);
 * - a schedule: its Lambda invoked by EventBridge Scheduler at `rate(every)` or at its `cron(...)` in UTC;
 * - a once job (data migrations): its Lambda as the service token of a custom resource whose one
 *   property is the job's `runKey`, so CloudFormation invokes it at the deploy that creates the
 *   resource or changes the key (and on delete, which it answers at once); the function's name is a
 *   stack output for a run by hand (README, "Deploying");
 * - a callable: its Lambda and the `function:<name>` resource: its name as FUNCTION_NAME_<NAME> and
 *   lambda:InvokeFunction on that function alone (no versions, no other function).
 * Rights come only from each function's declared `resources` (infra/aws/grants.ts).
 */
export function backgroundWork(stack: Stack, ctx: StackContext) {
  for (const m of machines) {
    const name = `${ctx.tablePrefix}${m.machine}`;
    const arn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const actions = ['states:StartExecution', ...(m.signals ? ['states:SendTaskSuccess', 'states:SendTaskFailure'] : [])];
    ctx.grants.provide(`workflow:${m.machine}`, (fn) => {
      fn.addEnvironment(workflowArnVariable(m.machine), arn);
      fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions, resources: [arn] }));
    });
    const task = lambdaOf(ctx, m);
    const id = constructId(m.machine);
    const machine = new StateMachine(stack, id, {
      stateMachineName: name,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(m.asl()),
      definitionSubstitutions: { [m.taskArnVariable]: task.functionArn },
      logs: { destination: new LogGroup(stack, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ERROR },
      tracingEnabled: true,
    });
    task.grantInvoke(machine);
  }

  for (const w of workers) {
    const id = constructId(w.queue);
    const dlq = new Queue(stack, `${id}Dlq`, { retentionPeriod: Duration.days(14), enforceSSL: true });
    const queue = new Queue(stack, `${id}Queue`, {
      visibilityTimeout: Duration.seconds(w.visibility),
      deadLetterQueue: { queue: dlq, maxReceiveCount: w.maxReceives },
      enforceSSL: true,
    });
    ctx.grants.provideQueue(w.queue, queue);
    const fn = lambdaOf(ctx, w);
    fn.addEventSource(new SqsEventSource(queue, { batchSize: w.batchSize, reportBatchItemFailures: true, maxConcurrency: w.concurrency }));
    if (w.reserve) (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = w.concurrency;
  }

  for (const s of schedules) {
    const fn = lambdaOf(ctx, s);
    new Schedule(stack, `${constructId(s.name)}Schedule`, {
      schedule: eventBridgeSchedule(s),
      target: new LambdaInvoke(fn, { retryAttempts: 2 }),
    });
  }

  for (const j of onceJobs) {
    const fn = lambdaOf(ctx, j);
    const id = constructId(j.name);
    // No provider framework (its own Lambdas and role): the function answers CloudFormation itself (functions/background-handlers.ts onceHandler).
    new CustomResource(stack, `${id}Run`, { serviceToken: fn.functionArn, resourceType: `Custom::${id}`, properties: { RunKey: j.runKey } });
    new CfnOutput(stack, `${id}Function`, { value: fn.functionName, description: `${j.name}: run it again by hand with aws lambda invoke` });
  }

  for (const c of callables) {
    const fn = lambdaOf(ctx, c);
    ctx.grants.provide(`function:${c.name}`, (caller) => {
      caller.addEnvironment(functionNameVariable(c.name), fn.functionName);
      caller.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    });
  }
}

/** The EventBridge Scheduler expression of a declaration (scheduleExpression); a cron in UTC, as the local runtime reads it. */
export const eventBridgeSchedule = (s: ScheduleDefinition) =>
  s.cron === undefined ? ScheduleExpression.rate(Duration.minutes(s.every.minutes)) : ScheduleExpression.expression(scheduleExpression(s), TimeZone.ETC_UTC);

const lambdaOf = (ctx: StackContext, d: (typeof machines | typeof workers | typeof schedules | typeof onceJobs | typeof callables)[number]) =>
  ctx.lambda(constructId(d.name), backgroundEntry(d), {
    timeout: Duration.seconds(d.timeout),
    memorySize: d.memorySize,
    chromium: d.chromium,
    resources: d.resources,
  });
