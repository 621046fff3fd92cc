import type { CloudFormationCustomResourceEvent, Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../shared/platform/adapters/queue/sqs-queue.js';
import {
  backgroundScope,
  type CallableDefinition,
  type MachineDefinition,
  type OnceDefinition,
  type ScheduleDefinition,
  type WorkerDefinition,
} from '../shared/platform/registry/background.js';
import { lambdaDeps } from '../infra/aws/runtime/aws-deps.js';
import type { Deps } from '../shared/platform/runtime/deps.js';
import { log } from '../shared/platform/runtime/logger.js';

/**
 * The Lambda handler of a queue consumer: each record's body goes to the worker's handler; a record
 * that throws is reported alone (`batchItemFailures`), so it is retried by itself and ends in the DLQ
 * after the queue's maxReceiveCount. A `parallel` worker handles the records of one event at once.
 */
export function sqsWorker<M>(worker: WorkerDefinition<M>, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const deps = await depsOf();
    return backgroundScope(deps, worker, () => handleRecords(deps, event));
  };
  async function handleRecords(deps: Deps, event: SQSEvent): Promise<SQSBatchResponse> {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    const one = async (r: SQSEvent['Records'][number]) => {
      try {
        await worker.handler(deps, messageFromSqs(r).body as M);
      } catch (e) {
        log.warn(`${worker.name} failed`, { messageId: r.messageId, message: (e as Error).message });
        batchItemFailures.push({ itemIdentifier: r.messageId });
      }
    };
    if (worker.parallel) await Promise.all(event.Records.map(one));
    else for (const r of event.Records) await one(r);
    return { batchItemFailures };
  }
}

/** The Lambda handler of a schedule (EventBridge Scheduler invokes it with no payload of use). */
export function scheduleHandler(schedule: ScheduleDefinition, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async () => {
    const deps = await depsOf();
    return backgroundScope(deps, schedule, () => schedule.handler(deps));
  };
}

/** The Lambda handler of a state machine's task states (lambda:invoke Payload in, result out; the local runner calls `task` directly). */
export function machineTaskHandler<P>(machine: MachineDefinition<P>, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (event: P) => {
    const deps = await depsOf();
    return backgroundScope(deps, machine, () => machine.task(deps, event));
  };
}

/** The Lambda handler of a callable: the invocation's payload is the request, the handler's answer the response (an error is the invocation's FunctionError). */
export function callableHandler<Q, R>(callable: CallableDefinition<Q, R>, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (request: Q): Promise<R> => {
    const deps = await depsOf();
    return backgroundScope(deps, callable, () => callable.handler(deps, request));
  };
}

/** Time kept for the step in progress, its marker write and the reply to CloudFormation when a run stops for its deadline. */
const ONCE_MARGIN_MS = 60_000;

/** The answer CloudFormation waits for: a PUT of the outcome to the event's presigned S3 URL. */
async function answerCloudFormation(event: CloudFormationCustomResourceEvent, status: 'SUCCESS' | 'FAILED', data: Record<string, unknown>, reason?: string) {
  const body = JSON.stringify({
    Status: status,
    Reason: reason ?? 'see the function log',
    PhysicalResourceId: 'PhysicalResourceId' in event ? event.PhysicalResourceId : event.LogicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: data,
  });
  // The presigned URL was signed without a content type: an empty one keeps the signature valid.
  const res = await fetch(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!res.ok) throw new Error(`CloudFormation response refused: ${res.status}`);
}

/**
 * The Lambda handler of a once-per-deploy job. Invoked by its CloudFormation custom resource: Create
 * and Update run the job (Delete has nothing to undo) and the outcome goes back to CloudFormation as
 * SUCCESS even when the job did not finish or failed: the deployed code works without it, so a data
 * migration never rolls back a release; the outcome is in the resource's data and the log, and the
 * next run resumes (README, "Deploying": invoking the function by hand). Invoked by hand (any other
 * payload), it runs the job and answers its outcome.
 */
export function onceHandler(job: OnceDefinition, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (event: CloudFormationCustomResourceEvent | Record<string, unknown>, context?: Pick<Context, 'getRemainingTimeInMillis'>) => {
    const deps = await depsOf();
    return backgroundScope(deps, job, () => runOnce(deps, event, context));
  };
  async function runOnce(deps: Deps, event: CloudFormationCustomResourceEvent | Record<string, unknown>, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
    const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? job.timeout * 1000) - ONCE_MARGIN_MS;
    const keepGoing = () => Date.now() < deadline;
    if (!('ResponseURL' in event && 'RequestType' in event)) return job.handler(deps, { keepGoing });
    const cfn = event as CloudFormationCustomResourceEvent;
    if (cfn.RequestType === 'Delete') return answerCloudFormation(cfn, 'SUCCESS', {});
    try {
      const outcome = (await job.handler(deps, { keepGoing })) as Record<string, unknown>;
      await answerCloudFormation(cfn, 'SUCCESS', { complete: String(outcome?.complete ?? true) });
    } catch (e) {
      log.error(`${job.name} failed`, { message: (e as Error).message });
      await answerCloudFormation(cfn, 'SUCCESS', { complete: 'false' }, `${job.name} failed: ${(e as Error).message}; it resumes at the next run`);
    }
  }
}
