import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { buildTaskItems } from '../../shared/mailing/sending/build.js';
import type { SendMessage } from '../../shared/mailing/sending/queue.js';
import { SendItem, Task } from '../../shared/mailing/tasks/entities.js';
import { createMailingTask, getTask } from '../../shared/mailing/tasks/tasks.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// DynamoDB Local through the real adapter. The "crash" is a store that dies on its n-th transaction
// (what SIGKILL does between two writes); the queue is a recorder so no worker sends anything.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const MEMBERS = 250; // three build chunks

/** The contact ids the send messages name (one, or a batch). */
const queuedIds = (sent: SendMessage[]) => sent.flatMap((m) => (m.type === 'send' ? (m.contactIds ?? [m.contactId!]) : []));

function crashingDeps(base: Deps, sent: SendMessage[], dieOnTransaction: number): Deps {
  return {
    ...base,
    queue: { send: async (_q: string, msg: unknown) => void sent.push(msg as SendMessage) } as Deps['queue'],
    tenantTable(tenantId: string) {
      const table = base.tenantTable(tenantId);
      let n = 0;
      return new Proxy(table, {
        get(target, prop, receiver) {
          if (prop === 'transact')
            return async (ops: Parameters<TableStore['transact']>[0]) => {
              if (++n === dieOnTransaction) throw new Error('process killed');
              return target.transact(ops);
            };
          return Reflect.get(target, prop, receiver);
        },
      });
    },
  } as Deps;
}

describe('task build across a crash', () => {
  it('a build killed between chunks and run again: every member has one item and the counters count each once', async () => {
    const owner = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(owner.tenantId);
    const now = rt.deps.clock.now();
    const ids = (
      await Promise.all(Array.from({ length: MEMBERS }, (_, i) => createContact(table, { firstName: `M${i}`, email: `m${i}@build.test` }, now)))
    ).map((c) => c.id);
    const list = await createContactList(table, { name: 'build' }, now);
    await addContactsToList(table, list.id, ids, now);
    const task = await createMailingTask(table, { description: 'build', creativeId: 'c1', accountId: 'a1', contactListId: list.id } as never, now);
    await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE' } });

    const sent: SendMessage[] = [];
    const dead = await buildTaskItems(crashingDeps(rt.deps, sent, 2), owner.tenantId, task.id).catch((e: Error) => e);
    expect(dead).toBeInstanceOf(Error);
    // Chunks are built a few at once: the ones whose transaction went through are counted, exactly.
    const half = await getTask(table, task.id);
    const written = (await table.query({ ...SendItem.query('primary', { taskId: task.id }), skBeginsWith: 'ITEM#', limit: 1000 })).items.length;
    expect(written).toBeLessThan(MEMBERS);
    expect(half.counters).toMatchObject({ total: written, queued: written });

    await buildTaskItems(crashingDeps(rt.deps, sent, 0), owner.tenantId, task.id);
    const done = await getTask(table, task.id);
    expect(done.counters).toMatchObject({ total: MEMBERS, queued: MEMBERS, skipped: 0 });
    const items = await table.query({ ...SendItem.query('primary', { taskId: task.id }), skBeginsWith: 'ITEM#', limit: 1000 });
    expect(items.items).toHaveLength(MEMBERS);
    // The first run's chunk was enqueued before the crash; the second run enqueues only the rest.
    expect(new Set(queuedIds(sent)).size).toBe(MEMBERS);
    expect(queuedIds(sent)).toHaveLength(MEMBERS);
  }, 120_000);

  it('two build messages at once (a duplicate delivery): the counters still count each member once', async () => {
    const owner = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(owner.tenantId);
    const now = rt.deps.clock.now();
    const ids = (
      await Promise.all(Array.from({ length: MEMBERS }, (_, i) => createContact(table, { firstName: `D${i}`, email: `d${i}@build.test` }, now)))
    ).map((c) => c.id);
    const list = await createContactList(table, { name: 'dup' }, now);
    await addContactsToList(table, list.id, ids, now);
    const task = await createMailingTask(table, { description: 'dup', creativeId: 'c1', accountId: 'a1', contactListId: list.id } as never, now);
    await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE' } });
    const sent: SendMessage[] = [];
    await Promise.all([0, 1].map(() => buildTaskItems(crashingDeps(rt.deps, sent, 0), owner.tenantId, task.id)));
    expect((await getTask(table, task.id)).counters).toMatchObject({ total: MEMBERS, queued: MEMBERS });
    expect(new Set(queuedIds(sent)).size).toBe(MEMBERS);
  }, 120_000);
});
