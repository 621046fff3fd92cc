import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../shared/adapters/queue/sqs-queue.js';
import type { MachineDefinition, ScheduleDefinition, WorkerDefinition } from '../shared/registry/background.js';
import { lambdaDeps } from '../infra/aws/runtime/aws-deps.js';
import type { Deps } from '../shared/runtime/deps.js';
import { log } from '../shared/runtime/logger.js';

/**
 * The Lambda handler of a queue consumer: each record's body goes to the worker's handler; a record
 * that throws is reported alone (`batchItemFailures`), so it is retried by itself and ends in the DLQ
 * after the queue's maxReceiveCount. A `parallel` worker handles the records of one event at once.
 */
export function sqsWorker<M>(worker: WorkerDefinition<M>, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const deps = await depsOf();
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
  };
}

/** The Lambda handler of a schedule (EventBridge Scheduler invokes it with no payload of use). */
export function scheduleHandler(schedule: ScheduleDefinition, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async () => schedule.handler(await depsOf());
}

/** The Lambda handler of a state machine's task states (lambda:invoke Payload in, result out; the local runner calls `task` directly). */
export function machineTaskHandler<P>(machine: MachineDefinition<P>, depsOf: () => Promise<Deps> = lambdaDeps) {
  return async (event: P) => machine.task(await depsOf(), event);
}
