import { notFound } from '../../platform/errors.js';
import type { QuerySpec, TableStore } from '../../platform/ports/table-store.js';
import { catalog, matchesItem, parseFiltersOrThrow, type Rule } from '../filters/filters.js';
import { definitionMap } from '../custom-fields/definitions.js';
import { normalizeEmail, normalizePhone } from './normalize.js';
import { companyKey, isCompany } from './refs.js';
import { toContact } from './items.js';
import type { ListQuery } from './schema.js';
import type { Contact } from './types.js';
import { channelHolders, ContactEntity } from './entities.js';
import { companyContactSources } from './company-contacts.js';
import { ContactListEntity, ContactListMember } from '../contact-lists/entities.js';

const MAX_QUERIES = 10;

/** The `filters` rules of contacts: only `cf_<slug>` of the tenant's contact custom fields. */
export async function contactFilterRules(table: TableStore, raw: string | undefined): Promise<Rule[]> {
  if (raw === undefined) return [];
  return parseFiltersOrThrow(raw, catalog({}, (await definitionMap(table, 'contact')).values()));
}

type Source = { pk: string; index?: QuerySpec['index']; skBeginsWith?: string; direct: boolean };
/** A cursor of the second source of a company's contacts (legacy link items) carries this prefix. */
const LEGACY = 'L.';

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
  if (q.companyId && !isCompany(await table.get(companyKey(q.companyId)))) throw notFound('Company');
  // A source's items carry `contactId` (or are the contact items, `direct`). A company's contacts come
  // from two sources in turn (company-contacts.ts): the cursor of the second carries the LEGACY prefix.
  let sources: Source[];
  const byCompany = !email && !phone && !q.listId && !!q.companyId;
  let cursor = q.cursor;
  if (email) sources = [{ ...channelHolders('email', email), direct: false }];
  else if (phone) sources = [{ ...channelHolders('phone', phone), direct: false }];
  else if (q.listId) sources = [{ ...ContactListMember.query('primary', { listId: q.listId }), direct: false }];
  else if (byCompany) {
    const [indexed, legacy] = companyContactSources(q.companyId!);
    sources = [
      { ...indexed, direct: true },
      { ...legacy, direct: false },
    ];
    if (cursor?.startsWith(LEGACY)) (sources.shift(), (cursor = cursor.slice(LEGACY.length)));
  } else sources = [{ index: 'gsi1', pk: 'CONTACTS', direct: true }];
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
  for (let i = 0; i < MAX_QUERIES && data.length < pageSize && sources.length; i++) {
    const source = sources[0];
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
    if (!cursor) sources.shift();
  }
  // Left off in the legacy source of a company's contacts (the indexed one is done): its cursor is marked.
  const inLegacy = byCompany && sources.length === 1;
  const nextCursor = cursor ? (inLegacy ? LEGACY + cursor : cursor) : inLegacy ? LEGACY : null;
  return { data, pageSize, nextCursor };
}
