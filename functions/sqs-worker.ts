import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageFromSqs } from '../shared/adapters/queue/sqs-queue.js';
import { awsDeps } from '../shared/runtime/aws-deps.js';
import type { Deps } from '../shared/runtime/deps.js';
import { getDeps, setDepsFactory } from '../shared/runtime/deps.js';
import { log } from '../shared/runtime/logger.js';

/**
 * The Lambda handler of an SQS consumer (not an API operation): each record's body goes to `handle`;
 * a record that throws is reported alone (`batchItemFailures`), so it is retried by itself and ends in
 * the DLQ after repeated receives. `parallel` handles the records of one event at once (idempotent
 * messages whose work is mostly waiting), else one after the other.
 */
export function sqsWorker<M>(what: string, handle: (deps: Deps, message: M) => Promise<unknown>, opts: { parallel?: boolean } = {}) {
  setDepsFactory(() => awsDeps());
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const deps = await getDeps();
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    const one = async (r: SQSEvent['Records'][number]) => {
      try {
        await handle(deps, messageFromSqs(r).body as M);
      } catch (e) {
        log.warn(`${what} failed`, { messageId: r.messageId, message: (e as Error).message });
        batchItemFailures.push({ itemIdentifier: r.messageId });
      }
    };
    if (opts.parallel) await Promise.all(event.Records.map(one));
    else for (const r of event.Records) await one(r);
    return { batchItemFailures };
  };
}
