import { badRequest, notFound, unprocessable } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { OutputOf } from '../../platform/data/entity.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { ContactEntity } from '../contacts/entities.js';
import { ContactListEntity, ContactListMember } from './entities.js';

/** A contact list as created and listed (a single list's read adds its memberCount). */
export type ContactList = Omit<OutputOf<typeof ContactListEntity>, 'memberCount'>;

/** Contact ids added per call. */
export const ADD_MAX = 1000;

const toList = (i: Item): ContactList => {
  const { memberCount: _count, ...list } = ContactListEntity.view(i);
  return list;
};

/**
 * Creates a STATIC contact list. Contact SMART lists are unsupported (spec): the caller gets an
 * explicit 422 `{status:'UNSUPPORTED'}`, never an empty list that looks like success.
 */
export async function createContactList(
  table: TableStore,
  input: { name: string; type?: 'STATIC' | 'SMART'; filters?: unknown },
  now: number,
): Promise<ContactList> {
  if (input.type === 'SMART' || input.filters !== undefined) {
    throw unprocessable('Contact SMART lists are unsupported; create a STATIC list and add contacts to it', {
      status: 'UNSUPPORTED',
      code: 'smart_contact_list_unsupported',
    });
  }
  const at = new Date(now).toISOString();
  const id = newId(now);
  const item = ContactListEntity.item({ listId: id }, { id, name: input.name, type: 'STATIC', memberCount: 0, createdAt: at, updatedAt: at });
  await table.put(item, { expression: 'attribute_not_exists(pk)' });
  return toList(item);
}

export async function getContactList(table: TableStore, listId: string) {
  const item = await table.get(ContactListEntity.key({ listId }));
  if (!item) throw notFound('Contact list');
  return ContactListEntity.view(item);
}

export async function listContactLists(table: TableStore, q: { pageSize?: number; cursor?: string }) {
  const page = await table.query({ ...ContactListEntity.query('all', {}), limit: q.pageSize ?? 50, cursor: q.cursor });
  return { data: page.items.map(toList), nextCursor: page.cursor ?? null };
}

/**
 * Adds existing contacts to a list (idempotent per contact). Unknown ids are reported, not fatal.
 * Member items need no condition, so they go in BatchWrite; the count is recomputed from the adds.
 */
export async function addContactsToList(table: TableStore, listId: string, contactIds: string[], now: number) {
  await getContactList(table, listId);
  const ids = [...new Set(contactIds)];
  if (ids.length > ADD_MAX) throw badRequest([`contactIds must contain no more than ${ADD_MAX} elements`]);
  const found = new Set((await table.batchGet<{ id: string }>(ids.map((id) => ContactEntity.key({ contactId: id })))).map((c) => c.id));
  const already = new Set(
    (await table.batchGet<{ contactId: string }>(ids.filter((id) => found.has(id)).map((id) => ContactListMember.key({ listId, contactId: id })))).map(
      (m) => m.contactId,
    ),
  );
  const fresh = ids.filter((id) => found.has(id) && !already.has(id));
  await addMembers(table, listId, fresh, now);
  return { listId, added: fresh.length, alreadyMembers: already.size, notFound: ids.filter((id) => !found.has(id)) };
}

/** Writes member items for contacts known to exist and not yet members (imports call this too). */
export async function addMembers(table: TableStore, listId: string, contactIds: string[], now: number) {
  if (!contactIds.length) return;
  const at = new Date(now).toISOString();
  await table.batchPut(contactIds.map((contactId) => ContactListMember.item({ listId, contactId }, { listId, contactId, addedAt: at })));
  await table.update(ContactListEntity.key({ listId }), { add: { memberCount: contactIds.length }, set: { updatedAt: at } });
}

/** Every contact id of a list, in member order (bounded: 100 pages of 1000). */
export async function listContactIds(table: TableStore, listId: string): Promise<string[]> {
  await getContactList(table, listId);
  const ids: string[] = [];
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await table.query<{ contactId: string }>({ ...ContactListMember.query('primary', { listId }), cursor, limit: 1000 });
    ids.push(...page.items.map((m) => m.contactId));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return ids;
}
