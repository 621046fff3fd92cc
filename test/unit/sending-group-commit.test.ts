import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutcomeCommitter } from '../../shared/mailing/sending/outcomes.js';
import type { Outcome, SendStore } from '../../shared/mailing/sending/port.js';
import { DEFAULT_BOUNCE_GUARD } from '../../shared/workspace/settings/bounce-guard.js';

// The group commit's timing against a store whose transaction takes 100 ms (fake timers: deterministic).
afterEach(() => void vi.useRealTimers());

const answer = (contactId: string): Outcome => ({
  contactId,
  email: `${contactId}@x.test`,
  attempts: 1,
  result: { outcome: 'accepted', code: 250, response: '250 ok', messageId: `<${contactId}@x.test>` },
});

function slowStore(groups: string[][]) {
  return {
    commitOutcomes: async (_t: string, _a: string, _w: string, group: { o: Outcome }[]) => {
      groups.push(group.map((r) => r.o.contactId));
      await new Promise((r) => setTimeout(r, 100));
      return { window: false };
    },
  } as unknown as SendStore;
}

describe('send outcomes: when a group is written', () => {
  it('answers that arrive during a write linger from their own arrival instead of going out the moment it ends', async () => {
    vi.useFakeTimers();
    const groups: string[][] = [];
    const committer = new OutcomeCommitter(slowStore(groups), 't', 'a', 'w', DEFAULT_BOUNCE_GUARD);
    const done: Promise<unknown>[] = [committer.add(answer('a1'))];
    await vi.advanceTimersByTimeAsync(220); // a1 is being written (200–300 ms)
    done.push(committer.add(answer('b1')));
    await vi.advanceTimersByTimeAsync(30);
    done.push(committer.add(answer('b2')));
    await vi.advanceTimersByTimeAsync(100); // 350 ms: a1's write is over; b1 waits until 420 ms
    done.push(committer.add(answer('b3')));
    await vi.advanceTimersByTimeAsync(60);
    expect(groups).toEqual([['a1']]); // 410 ms: nothing written since a1
    await vi.advanceTimersByTimeAsync(120);
    expect(groups).toEqual([['a1'], ['b1', 'b2', 'b3']]);
    expect(await Promise.all(done)).toEqual(['final', 'final', 'final', 'final']);
  });

  it('a flush writes what is pending at once; answers after it linger', async () => {
    vi.useFakeTimers();
    const groups: string[][] = [];
    const committer = new OutcomeCommitter(slowStore(groups), 't', 'a', 'w', DEFAULT_BOUNCE_GUARD);
    const done = [committer.add(answer('c1')), committer.add(answer('c2'))];
    committer.flush();
    await vi.advanceTimersByTimeAsync(10);
    done.push(committer.add(answer('c3')));
    await vi.advanceTimersByTimeAsync(150); // c1, c2 written (0–100 ms); c3 lingers until 210 ms
    expect(groups).toEqual([['c1', 'c2']]);
    await vi.advanceTimersByTimeAsync(200);
    expect(groups).toEqual([['c1', 'c2'], ['c3']]);
    expect(await Promise.all(done)).toEqual(['final', 'final', 'final']);
  });
});
