import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sqsWorker } from '../../functions/background-handlers.js';
import { defineWorker } from '../../shared/registry/background.js';
import type { Deps } from '../../shared/runtime/deps.js';

// The SQS consumer of every declared worker's Lambda; its deps are handed in here instead of built from AWS.
const event = (bodies: unknown[]) =>
  ({ Records: bodies.map((b, i) => ({ messageId: `m${i}`, body: JSON.stringify(b), attributes: {} })) }) as unknown as SQSEvent;

describe('sqsWorker', () => {
  for (const parallel of [false, true])
    it(`reports only the records that threw (${parallel ? 'parallel' : 'one after the other'}), after handling every record`, async () => {
      const deps = {} as Deps;
      const seen: number[] = [];
      const worker = defineWorker<{ n: number }>({
        ...{ name: 'test_worker', tag: 'test', queue: 'test', visibility: 60, maxReceives: 3, batchSize: 4, concurrency: 2, timeout: 30, resources: [] },
        parallel,
        async handler(d, m) {
          expect(d).toBe(deps);
          seen.push(m.n);
          if (m.n % 2) throw new Error(`odd ${m.n}`);
        },
      });
      const handler = sqsWorker(worker, async () => deps);
      const out = await handler(event([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]));
      expect(seen.sort()).toEqual([0, 1, 2, 3]);
      expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m1', 'm3']);
    });
});
