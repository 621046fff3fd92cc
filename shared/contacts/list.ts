import { notFound } from '../errors.js';
import type { QuerySpec, TableStore } from '../ports/table-store.js';
import { catalog, matchesItem, parseFiltersOrThrow, type Rule } from '../filters/filters.js';
import { definitionMap } from '../custom-fields/definitions.js';
import { normalizeEmail, normalizePhone } from './normalize.js';
import { companyKey } from './refs.js';
import { toContact } from './items.js';
import type { ListQuery } from './schema.js';
import type { Contact } from './types.js';
import { CompanyContact, ContactChannel, ContactEntity } from './entities.js';
import { ContactListEntity, ContactListMember } from '../contact-lists/entities.js';

const MAX_QUERIES = 10;

/** The `filters` rules of contacts: only `cf_<slug>` of the tenant's contact custom fields. */
export async function contactFilterRules(table: TableStore, raw: string | undefined): Promise<Rule[]> {
  if (raw === undefined) return [];
  return parseFiltersOrThrow(raw, catalog({}, (await definitionMap(table, 'contact')).values()));
}

type Source = { pk: string; index?: QuerySpec['index']; skBeginsWith?: string; direct: boolean };

/**
 * One page of contacts. The most selective named parameter picks the Query (email/phone channel
 * index, list members, company links, else every contact); the others and `filters`/`q` are applied
 * to the page. Pages can be short when filters are selective; `nextCursor` continues.
 */
export async function listContacts(table: TableStore, q: ListQuery): Promise<{ data: Contact[]; pageSize: number; nextCursor: string | null }> {
  const pageSize = q.pageSize ?? 20;
  const rules = await contactFilterRules(table, q.filters);
  const email = q.email !== undefined ? (normalizeEmail(q.email) ?? q.email.trim().toLowerCase()) : undefined;
  const phone = q.phone !== undefined ? (normalizePhone(q.phone) ?? q.phone) : undefined;
  if (q.listId && !(await table.get(ContactListEntity.key({ listId: q.listId })))) throw notFound('Contact list');
  if (q.companyId && !(await table.get(companyKey(q.companyId)))) throw notFound('Company');
  let source: Source;
  if (email) source = { ...ContactChannel.query('byValue', { type: 'email', value: email }), direct: false };
  else if (phone) source = { ...ContactChannel.query('byValue', { type: 'phone', value: phone }), direct: false };
  else if (q.listId) source = { ...ContactListMember.query('primary', { listId: q.listId }), direct: false };
  else if (q.companyId) source = { ...CompanyContact.query('primary', { companyId: q.companyId }), direct: false };
  else source = { index: 'gsi1', pk: 'CONTACTS', direct: true };
  const needle = q.q?.trim().toLowerCase();
  const keep = async (cs: Contact[]) => {
    let out = cs.filter(
      (c) =>
        (!q.companyId || c.companyId === q.companyId) &&
        (!email || c.channels.some((ch) => ch.type === 'email' && ch.value === email)) &&
        (!phone || c.channels.some((ch) => ch.type === 'phone' && ch.value === phone)) &&
        (!needle || [c.firstName, c.lastName, c.position, ...c.channels.map((ch) => ch.value)].some((v) => v?.toLowerCase().includes(needle))) &&
        matchesItem(rules, c as unknown as Record<string, unknown>),
    );
    if (q.listId && (email || phone) && out.length) {
      const members = new Set(
        (await table.batchGet<{ contactId: string }>(out.map((c) => ContactListMember.key({ listId: q.listId!, contactId: c.id })))).map((m) => m.contactId),
      );
      out = out.filter((c) => members.has(c.id));
    }
    return out;
  };
  const data: Contact[] = [];
  let cursor = q.cursor;
  for (let i = 0; i < MAX_QUERIES && data.length < pageSize; i++) {
    const page = await table.query<Record<string, unknown>>({
      index: source.index,
      pk: source.pk,
      skBeginsWith: source.skBeginsWith,
      cursor,
      limit: pageSize - data.length,
    });
    let contacts: Contact[];
    if (source.direct) contacts = page.items.map(toContact);
    else {
      const ids = page.items.map((it) => String(it.contactId));
      const found = ids.length ? await table.batchGet(ids.map((id) => ContactEntity.key({ contactId: id }))) : [];
      const byId = new Map(found.map((it) => [String(it.id), toContact(it)]));
      contacts = ids.map((id) => byId.get(id)).filter((c): c is Contact => !!c);
    }
    data.push(...(await keep(contacts)));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { data, pageSize, nextCursor: cursor ?? null };
}
