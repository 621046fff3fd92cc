import { badRequest, notFound } from '../../platform/errors.js';
import { ConditionFailed, exists, type TableStore } from '../../platform/ports/table-store.js';
import { ContactEntity } from '../contacts/entities.js';
import { ContactListEntity, ContactListMember } from './entities.js';
import { getContactList } from './lists.js';

/** Contact ids removed per call (the same bound as adding). */
export const REMOVE_MAX = 1000;
/** Member items swept when a list is deleted: pages of 100 (beyond it they are unreachable: their list is gone). */
const SWEEP_PAGES = 200;

/** Renames a contact list. */
export async function renameContactList(table: TableStore, listId: string, name: string, now: number) {
  try {
    await table.update(ContactListEntity.key({ listId }), { set: { name, updatedAt: new Date(now).toISOString() }, condition: exists });
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Contact list');
    throw e;
  }
  return getContactList(table, listId);
}

/**
 * Deletes a contact list: the list first (from then on it is 404 everywhere), then its member items.
 * The contacts themselves stay.
 */
export async function deleteContactList(table: TableStore, listId: string) {
  try {
    await table.delete(ContactListEntity.key({ listId }), exists);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Contact list');
    throw e;
  }
  let membersRemoved = 0;
  for (let i = 0; i < SWEEP_PAGES; i++) {
    // Always the first page: the items read are deleted before the next read.
    const page = await table.query<{ pk: string; sk: string }>({ ...ContactListMember.query('primary', { listId }), limit: 100 });
    if (!page.items.length) break;
    await table.transact(page.items.map((m) => ({ delete: { pk: m.pk, sk: m.sk } })));
    membersRemoved += page.items.length;
    if (!page.cursor) break;
  }
  return { id: listId, deleted: true, membersRemoved };
}

/**
 * Removes contacts from a list. Each membership leaves with its list's count in one transaction, on the
 * condition that it still exists, so a concurrent removal (or the contact's deletion) never counts twice.
 */
export async function removeContactsFromList(table: TableStore, listId: string, contactIds: string[], now: number) {
  await getContactList(table, listId);
  const ids = [...new Set(contactIds)];
  if (ids.length > REMOVE_MAX) throw badRequest([`contactIds must contain no more than ${REMOVE_MAX} elements`]);
  const at = new Date(now).toISOString();
  const notMembers: string[] = [];
  let removed = 0;
  for (const contactId of ids) {
    try {
      await table.transact([
        { delete: ContactListMember.key({ listId, contactId }), condition: exists },
        { update: ContactListEntity.key({ listId }), spec: { add: { memberCount: -1 }, set: { updatedAt: at }, condition: exists } },
      ]);
      removed++;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      if (e.index === 1) throw notFound('Contact list'); // deleted meanwhile
      notMembers.push(contactId);
    }
  }
  return { listId, removed, notMembers };
}

/** The lists a contact is a member of (404 for an unknown contact). */
export async function listsOfContact(table: TableStore, contactId: string, q: { pageSize?: number; cursor?: string }) {
  if (!(await table.get(ContactEntity.key({ contactId })))) throw notFound('Contact');
  const page = await table.query<{ listId: string }>({ ...ContactListMember.query('byContact', { contactId }), limit: q.pageSize ?? 50, cursor: q.cursor });
  const lists = await table.batchGet<Record<string, unknown>>(page.items.map((m) => ContactListEntity.key({ listId: m.listId })));
  // A list deleted while its member items are still being swept is gone: it is not listed.
  const byId = new Map(lists.map((l) => [l.id as string, l]));
  return {
    data: page.items
      .map((m) => byId.get(m.listId))
      .filter((l): l is Record<string, unknown> => !!l)
      .map((l) => {
        const { id, name, type, memberCount } = ContactListEntity.view(l);
        return { id, name, type, memberCount };
      }),
    nextCursor: page.cursor ?? null,
  };
}
