import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import { suppress } from '../../shared/crm/audience/suppression.js';
import { ContactEntity } from '../../shared/crm/contacts/entities.js';
import type { EachOp, Item, TableStore } from '../../shared/platform/ports/table-store.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { BUILD_CHUNK, buildTaskItems } from '../../shared/mailing/sending/build.js';
import type { SendMessage } from '../../shared/mailing/sending/queue.js';
import { SendBuildChunk, SendItem, Task } from '../../shared/mailing/tasks/entities.js';
import { createMailingTask, getTask } from '../../shared/mailing/tasks/tasks.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// The build writes a chunk's items as single writes after one transaction counts them with a record of
// the chunk (shared/mailing/sending/build-chunks.ts). These runs stop a build inside that window (a
// store that dies on a chosen call, as SIGKILL would) or hold two builds there at once, then check that
// the counters equal the items, that each item was inserted once, and that no chunk record is left.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const MEMBERS = 250;
const CHUNKS = Math.ceil(MEMBERS / BUILD_CHUNK);

const queuedIds = (sent: SendMessage[]) => sent.flatMap((m) => (m.type === 'send' ? (m.contactIds ?? [m.contactId!]) : []));
const isItemInsert = (ops: EachOp[]) => ops.length > 0 && 'insert' in ops[0] && String(ops[0].insert.sk).startsWith('ITEM#');

interface Hooks {
  /** Before a writeEach of send items (the n-th such call, from 1); throw to die there. */
  beforeItems?: (n: number) => Promise<void> | void;
  /** A writeEach of send items that writes only its first k items and then dies (k for the n-th call, or undefined). */
  cutItems?: (n: number) => number | undefined;
  /** Before a chunk record's delete; throw to die there. */
  beforeRecordDelete?: () => void;
}

const died = () => {
  throw new Error('process killed');
};

/** Every successful send-item insert, by contact id, across every build of a test. */
function buildDeps(base: Deps, sent: SendMessage[], inserts: Map<string, number>, hooks: Hooks = {}): Deps {
  let itemCalls = 0;
  return {
    ...base,
    queue: { send: async (_q: string, msg: unknown) => void sent.push(msg as SendMessage) } as Deps['queue'],
    tenantTable(tenantId: string) {
      const table = base.tenantTable(tenantId);
      return new Proxy(table, {
        get(target, prop, receiver) {
          if (prop === 'writeEach')
            return async (ops: EachOp[]) => {
              if (!isItemInsert(ops)) return target.writeEach(ops);
              const n = ++itemCalls;
              await hooks.beforeItems?.(n);
              const cut = hooks.cutItems?.(n);
              const done = await target.writeEach(cut === undefined ? ops : ops.slice(0, cut));
              done.forEach((ok, k) => {
                const id = String((ops[k] as { insert: Item }).insert.contactId);
                if (ok) inserts.set(id, (inserts.get(id) ?? 0) + 1);
              });
              if (cut !== undefined) died();
              return done;
            };
          if (prop === 'delete')
            return async (key: { pk: string; sk: string }) => {
              if (key.sk.startsWith('BUILD#')) hooks.beforeRecordDelete?.();
              return target.delete(key);
            };
          if (prop === 'transact')
            return async (ops: Parameters<TableStore['transact']>[0]) => {
              if (ops.some((op) => 'delete' in op && op.delete.sk.startsWith('BUILD#'))) hooks.beforeRecordDelete?.();
              return target.transact(ops);
            };
          return Reflect.get(target, prop, receiver);
        },
      });
    },
  } as Deps;
}

async function startedTask(prefix: string) {
  const owner = await createApprovedAccount(rt.deps);
  const table = rt.deps.tenantTable(owner.tenantId);
  const now = rt.deps.clock.now();
  const ids = (
    await Promise.all(Array.from({ length: MEMBERS }, (_, i) => createContact(table, { firstName: `${prefix}${i}`, email: `${prefix}${i}@chunks.test` }, now)))
  ).map((c) => c.id);
  const list = await createContactList(table, { name: prefix }, now);
  await addContactsToList(table, list.id, ids, now);
  const task = await createMailingTask(table, { description: prefix, creativeId: 'c1', accountId: 'a1', contactListId: list.id } as never, now);
  await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE', built: false } }); // as tasks_start leaves it
  return { tenantId: owner.tenantId, table, taskId: task.id, ids };
}

async function stored(table: TableStore, taskId: string) {
  const items = (await table.query<Item>({ ...SendItem.query('primary', { taskId }), limit: 1000 })).items;
  const records = (await table.query({ ...SendBuildChunk.query('primary', { taskId }), limit: 100 })).items;
  return { items, records, counters: (await getTask(table, taskId)).counters };
}

describe('task build: a chunk counted before its items are written', () => {
  it.each([
    ['mid-chunk, after 30 items of its second chunk were written', { cutItems: (n: number) => (n === 2 ? 30 : undefined) }],
    ['after the items, before the chunk record is deleted', { beforeRecordDelete: died }],
  ])(
    'a build killed %s: the rebuild finishes the chunk, counts each member once and writes no item twice',
    async (_, hooks: Hooks) => {
      const { tenantId, table, taskId, ids } = await startedTask('k');
      const sent: SendMessage[] = [];
      const inserts = new Map<string, number>();
      const dead = await buildTaskItems(buildDeps(rt.deps, sent, inserts, hooks), tenantId, taskId).catch((e: Error) => e);
      expect(dead).toBeInstanceOf(Error);
      const half = await stored(table, taskId);
      // The crash window: counted (with a record of the chunk) and not all finished.
      expect(half.records.length).toBeGreaterThan(0);
      expect(half.counters.total).toBeGreaterThanOrEqual(half.items.length);

      await buildTaskItems(buildDeps(rt.deps, sent, inserts), tenantId, taskId);
      const done = await stored(table, taskId);
      expect(done.records).toHaveLength(0);
      expect(done.items).toHaveLength(MEMBERS);
      expect(done.counters).toMatchObject({ total: MEMBERS, queued: MEMBERS, skipped: 0 });
      expect([...inserts.values()].every((n) => n === 1)).toBe(true);
      expect(inserts.size).toBe(MEMBERS);
      expect(new Set(queuedIds(sent))).toEqual(new Set(ids));
    },
    120_000,
  );

  it('a task cancelled between the crash and the rebuild: its unfinished chunk is still finished, so the counters equal the items', async () => {
    const { tenantId, table, taskId } = await startedTask('c');
    const sent: SendMessage[] = [];
    const inserts = new Map<string, number>();
    const dead = await buildTaskItems(buildDeps(rt.deps, sent, inserts, { cutItems: (n) => (n === 1 ? 10 : undefined) }), tenantId, taskId).catch(
      (e: Error) => e,
    );
    expect(dead).toBeInstanceOf(Error);
    await table.update(Task.key({ taskId }), { set: { status: 'CANCELLED' } });

    await buildTaskItems(buildDeps(rt.deps, sent, inserts), tenantId, taskId);
    const done = await stored(table, taskId);
    expect(done.records).toHaveLength(0);
    // The chunks counted before the crash are written whole (the worker cancels their QUEUED items); none is started after it.
    expect(done.items.length).toBeGreaterThan(10);
    expect(done.counters).toMatchObject({ total: done.items.length, queued: done.items.filter((i) => i.status === 'QUEUED').length });
    expect([...inserts.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);

  it('a member suppressed between the crash and the rebuild: the rebuild screens it again and moves its count from queued to skipped', async () => {
    const { tenantId, table, taskId } = await startedTask('s');
    const sent: SendMessage[] = [];
    const inserts = new Map<string, number>();
    // Killed before any item was written: every chunk that started was counted as queued.
    const dead = await buildTaskItems(buildDeps(rt.deps, sent, inserts, { beforeItems: died }), tenantId, taskId).catch((e: Error) => e);
    expect(dead).toBeInstanceOf(Error);
    const half = await stored(table, taskId);
    expect(half.items).toHaveLength(0);
    const counted = (half.records as { ids: string[] }[]).flatMap((r) => r.ids);
    expect(half.counters.queued).toBe(counted.length);
    const victim = await table.get<Item>(ContactEntity.key({ contactId: counted[0] }));
    const email = victim ? String((victim.channels as { value: string }[])[0].value) : undefined;
    expect(email).toBeDefined();
    await suppress(table, { email, source: 'manual' }, rt.deps.clock.now());

    await buildTaskItems(buildDeps(rt.deps, sent, inserts), tenantId, taskId);
    const done = await stored(table, taskId);
    expect(done.records).toHaveLength(0);
    expect(done.items).toHaveLength(MEMBERS);
    expect(done.counters).toMatchObject({ total: MEMBERS, queued: MEMBERS - 1, skipped: 1 });
    expect(done.items.find((i) => i.contactId === counted[0])).toMatchObject({ status: 'SKIPPED', reason: 'suppressed' });
    expect([...inserts.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);

  it('two builds that both counted the same chunks before either wrote an item: each member ends counted once', async () => {
    const { tenantId, table, taskId, ids } = await startedTask('b');
    const sent: SendMessage[] = [];
    const inserts = new Map<string, number>();
    // Both builds' chunks wait at their item writes until all of them are there (or 20 s passed).
    let waiting = 0;
    let release!: () => void;
    const allThere = new Promise<void>((r) => (release = r));
    const timer = setTimeout(release, 20_000);
    const barrier = async () => {
      if (++waiting === 2 * CHUNKS) release();
      await allThere;
    };
    await Promise.all([0, 1].map(() => buildTaskItems(buildDeps(rt.deps, sent, inserts, { beforeItems: barrier }), tenantId, taskId)));
    clearTimeout(timer);
    expect(waiting).toBeGreaterThanOrEqual(2 * CHUNKS); // every chunk was counted twice before the first item was written
    const done = await stored(table, taskId);
    expect(done.records).toHaveLength(0);
    expect(done.items).toHaveLength(MEMBERS);
    expect(done.counters).toMatchObject({ total: MEMBERS, queued: MEMBERS, skipped: 0 });
    expect([...inserts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(queuedIds(sent))).toEqual(new Set(ids));
  }, 120_000);
});
