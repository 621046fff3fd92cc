import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SenderDay, utcDay } from '../../shared/mailing/senders/entities.js';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { OutcomeCommitter, shareOutcomeCommitter } from '../../shared/mailing/sending/outcomes.js';
import { getItem } from '../../shared/mailing/sending/items.js';
import { sendStore } from '../../shared/mailing/sending/store.js';
import { checkBounceWindow, resetBounceWindow } from '../../shared/mailing/sending/bounce-guard.js';
import { MailboxBounceWindow } from '../../shared/mailing/senders/entities.js';
import { DEFAULT_BOUNCE_GUARD } from '../../shared/workspace/settings/bounce-guard.js';
import { SendItem, Task } from '../../shared/mailing/tasks/entities.js';
import { counterAttr, createMailingTask, taskView } from '../../shared/mailing/tasks/tasks.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// The send worker's group commit against DynamoDB Local through the real adapter.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const accepted = (id: string) => ({ outcome: 'accepted' as const, code: 250, response: '250 ok', messageId: `<${id}@x.test>` });

describe('send outcomes: group commit', () => {
  it('answers arriving together are recorded with their counters and day row; one whose lease was lost is left to the sweep', async () => {
    const a = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(a.tenantId);
    const now = rt.deps.clock.now();
    const task = await createMailingTask(table, { description: 'group', creativeId: 'c', accountId: 'acc1', contactListId: 'l' }, now);
    const ids = ['c1', 'c2', 'c3', 'c4', 'c5'];
    await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE', [counterAttr('queued')]: ids.length, [counterAttr('total')]: ids.length } });
    for (const contactId of ids)
      await table.put(
        SendItem.item(
          { taskId: task.id, contactId },
          { taskId: task.id, contactId, email: `${contactId}@x.test`, status: 'SENDING', workerId: 'w1', attempts: 1 },
        ),
      );
    // The sweep took c3 back (its lease expired): this worker's answer for it must not be recorded.
    await table.update(SendItem.key({ taskId: task.id, contactId: 'c3' }), { set: { status: 'QUEUED' }, remove: ['workerId'] });

    const committer = new OutcomeCommitter(sendStore(rt.deps, a.tenantId), task.id, 'acc1', 'w1', DEFAULT_BOUNCE_GUARD);
    const results = await Promise.all([
      ...['c1', 'c2', 'c3'].map((c) => committer.add({ contactId: c, email: `${c}@x.test`, attempts: 1, result: accepted(c) })),
      committer.add({
        contactId: 'c4',
        email: 'c4@x.test',
        attempts: 1,
        result: { outcome: 'rejected', code: 550, response: '550 no such user', messageId: '<c4@x.test>' },
      }),
      committer.add({
        contactId: 'c5',
        email: 'c5@x.test',
        attempts: 1,
        result: { outcome: 'deferred', code: 451, response: '451 later', messageId: '<c5@x.test>' },
      }),
    ]);
    expect(results).toEqual(['final', 'final', 'lost', 'final', 'deferred']);
    expect(committer.finals).toBe(3);

    const counters = taskView((await table.get(Task.key({ taskId: task.id })))!).counters;
    expect(counters).toMatchObject({ sent: 2, bounced: 1, deferred: 1, queued: 2 });
    expect((await getItem(table, task.id, 'c3'))?.status).toBe('QUEUED');
    expect(await getItem(table, task.id, 'c4')).toMatchObject({ status: 'BOUNCED', reason: 'hard_bounce' });
    expect(await getItem(table, task.id, 'c5')).toMatchObject({ status: 'QUEUED', smtp: { code: 451 } });
    const day = await table.get<Record<string, number>>(SenderDay.key({ accountId: 'acc1', day: utcDay(rt.deps.clock.now()) }));
    expect(day).toMatchObject({ sent: 2, bounced: 1, failed: 1, guardSends: 3, guardBounces: 1 });
  }, 60_000);

  it('the batches of one task in a process share the committer: their answers go in one transaction, written once no batch has more to come', async () => {
    const a = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(a.tenantId);
    const task = await createMailingTask(table, { description: 'shared', creativeId: 'c', accountId: 'acc2', contactListId: 'l' }, rt.deps.clock.now());
    const ids = ['d1', 'd2', 'd3', 'd4'];
    await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE', [counterAttr('queued')]: ids.length, [counterAttr('total')]: ids.length } });
    for (const contactId of ids)
      await table.put(
        SendItem.item(
          { taskId: task.id, contactId },
          { taskId: task.id, contactId, email: `${contactId}@x.test`, status: 'SENDING', workerId: 'w2', attempts: 1 },
        ),
      );
    const guard = { enabled: true, maxBounceRatePercent: 5, windowSends: 100, minSends: 50 };
    const first = shareOutcomeCommitter(sendStore(rt.deps, a.tenantId), task.id, 'acc2', 'w2', guard);
    const second = shareOutcomeCommitter(sendStore(rt.deps, a.tenantId), task.id, 'acc2', 'w2', guard);
    expect(second.committer).toBe(first.committer);
    resetCapacity();
    const answers = ['d1', 'd2'].map((c) => first.committer.add({ contactId: c, email: `${c}@x.test`, attempts: 1, result: accepted(c) }));
    first.sent(); // the second batch still sends: the first's answers wait for it (at most the linger), not written alone
    answers.push(...['d3', 'd4'].map((c) => second.committer.add({ contactId: c, email: `${c}@x.test`, attempts: 1, result: accepted(c) })));
    second.sent();
    expect(await Promise.all(answers)).toEqual(['final', 'final', 'final', 'final']);
    first.release();
    second.release();
    const outcomeWrites = Object.entries(consumedCapacity.byKind).filter(([kind]) => kind.startsWith('tx:TASK/ITEM'));
    expect(outcomeWrites.map(([kind, c]) => [kind, c.calls])).toEqual([['tx:TASK/ITEM×4+TASK/TASK+MAILBOX/DAY', 1]]);
    expect(taskView((await table.get(Task.key({ taskId: task.id })))!).counters).toMatchObject({ sent: 4, queued: 0 });
    // Released by both: the next batch of the task gets a fresh committer.
    const next = shareOutcomeCommitter(sendStore(rt.deps, a.tenantId), task.id, 'acc2', 'w2', guard);
    expect(next.committer).not.toBe(first.committer);
    next.release();
  }, 60_000);

  it('the bounce window counts from the day rows across UTC days: the first check of a day rolls its base forward; a reset starts at zero', async () => {
    const a = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(a.tenantId);
    let t = Date.parse('2026-03-01T23:00:00Z');
    const deps = Object.create(rt.deps, { clock: { value: { now: () => t } } }) as typeof rt.deps;
    const count = (sends: number, bounces: number) =>
      table.update(SenderDay.key({ accountId: 'acc3', day: utcDay(t) }), { add: { guardSends: sends, guardBounces: bounces } });
    const check = () => checkBounceWindow(deps, a.tenantId, 'acc3', DEFAULT_BOUNCE_GUARD, 'task3');
    const windowItem = () => table.get<Record<string, unknown>>(MailboxBounceWindow.key({ accountId: 'acc3' }));

    await count(60, 1);
    expect(await check()).toBe(false); // 1 of 60
    expect(await windowItem()).toMatchObject({ baseDay: '2026-03-01', baseSends: 0, baseBounces: 0 });
    t += 3 * 86_400_000; // two days without sends in between
    await count(30, 3);
    expect(await check()).toBe(false); // 4 of 90: under 5 %
    expect(await windowItem()).toMatchObject({ baseDay: '2026-03-04', baseSends: 60, baseBounces: 1 });
    await count(10, 2);
    expect(await check()).toBe(true); // the 6th bounce in the window, yesterday's included: trips

    await resetBounceWindow(table, 'acc3', new Date(t).toISOString());
    expect(await check()).toBe(false); // a fresh window: today's 5 bounces before the reset do not count
    await count(10, 3);
    expect(await check()).toBe(false); // 3 of 10: rule 1 needs a 6th
    await count(3, 3); // 6 of 13
    expect(await check()).toBe(true);
  }, 60_000);
});
