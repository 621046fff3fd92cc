import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { deleteContact, findContactsByEmail } from '../contacts/contacts.js';
import { deleteLeadsOfContact } from '../leads/erase.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { emailHash, maskEmail, normalizeEmail } from './normalize.js';
import { suppress, suppressionMatch } from './suppression.js';
import { ContactListMember } from '../contact-lists/entities.js';
import { DsarEntity } from './entities.js';

/**
 * Data-subject requests (compliance point 6 of the spec):
 * - `source`  ("where did you get my address"): the recorded source of every contact holding the
 *   address (import, crawl with sourceUrl and collectedAt, form, manual).
 * - `erasure` ("delete me"): suppresses the address at once (hash only), then deletes every contact
 *   holding it with its channels, leads (and their timelines) and list memberships.
 * Each request is recorded {id, type, status, createdAt, completedAt, result}. The record keeps the
 * address's hash; a source request also keeps a masked form, an erasure request nothing more.
 */
export const DSAR_TYPES = ['source', 'erasure'] as const;
export type DsarType = (typeof DSAR_TYPES)[number];

const MAX_CONTACTS = 200;

const view = (i: Item) => ({
  id: i.id as string,
  type: i.type as DsarType,
  status: i.status as string,
  emailHash: i.emailHash as string,
  emailMasked: (i.emailMasked as string) ?? null,
  note: (i.note as string) ?? null,
  result: (i.result as Record<string, unknown>) ?? null,
  createdAt: i.createdAt as string,
  updatedAt: i.updatedAt as string,
  completedAt: (i.completedAt as string) ?? null,
});
export type Dsar = ReturnType<typeof view>;

export async function createDsar(deps: Deps, table: TableStore, input: { type: DsarType; email: string; note?: string }): Promise<Dsar> {
  const email = normalizeEmail(input.email);
  if (!email) throw badRequest(['email must be an email']);
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const record: Item = DsarEntity.item(
    { dsarId: id, createdAt: at },
    {
      id,
      type: input.type,
      status: 'processing',
      emailHash: emailHash(email),
      ...(input.type === 'source' ? { emailMasked: maskEmail(email) } : {}),
      ...(input.note ? { note: input.note } : {}),
      createdAt: at,
      updatedAt: at,
    },
  );
  await table.put(record, { expression: 'attribute_not_exists(pk)' });
  try {
    const result = input.type === 'source' ? await sourceOf(table, email) : await erase(table, email, now);
    const done = new Date(deps.clock.now()).toISOString();
    const updated = await table.update(DsarEntity.key({ dsarId: id }), { set: { status: 'completed', result, updatedAt: done, completedAt: done } });
    return view(updated);
  } catch (e) {
    await table
      .update(DsarEntity.key({ dsarId: id }), { set: { status: 'failed', updatedAt: new Date(deps.clock.now()).toISOString() } })
      .catch(() => undefined);
    throw e;
  }
}

async function sourceOf(table: TableStore, email: string) {
  const contacts = (await findContactsByEmail(table, email)).slice(0, MAX_CONTACTS);
  const suppression = await suppressionMatch(table, email);
  return {
    found: contacts.length,
    sources: contacts.map((c) => ({
      contactId: c.id,
      kind: c.source?.kind ?? 'manual',
      sourceUrl: c.source?.sourceUrl ?? null,
      collectedAt: c.source?.collectedAt ?? null,
      importId: c.source?.importId ?? null,
      recordedAt: c.createdAt,
    })),
    suppressed: !!suppression,
    suppressionSource: suppression?.source ?? null,
  };
}

async function erase(table: TableStore, email: string, now: number) {
  // Suppress first: from this moment no send may reach the address, whatever happens next.
  const entry = await suppress(table, { email, source: 'erasure' }, now);
  const contacts = (await findContactsByEmail(table, email)).slice(0, MAX_CONTACTS);
  const counts = { contacts: 0, channels: 0, leads: 0, listMemberships: 0 };
  for (const c of contacts) {
    counts.leads += await deleteLeadsOfContact(table, c.id);
    counts.listMemberships += await countMemberships(table, c.id);
    counts.channels += c.channels.length;
    await deleteContact(table, c.id, now).catch((e) => {
      if ((e as { status?: number }).status !== 404) throw e; // erased concurrently: fine
    });
    counts.contacts++;
  }
  return { erased: counts, suppressed: true, suppressionId: entry.id };
}

async function countMemberships(table: TableStore, contactId: string) {
  let n = 0;
  for (let cursor: string | undefined, i = 0; i < 50; i++) {
    const page = await table.query({ index: 'gsi1', pk: ContactListMember.query('byContact', { contactId: contactId }).pk, cursor, limit: 100 });
    n += page.items.length;
    if (!(cursor = page.cursor)) break;
  }
  return n;
}

export async function getDsar(table: TableStore, id: string): Promise<Dsar> {
  const item = await table.get(DsarEntity.key({ dsarId: id }));
  if (!item) throw notFound('DSAR');
  return view(item);
}

export async function listDsars(table: TableStore, q: { limit: number; cursor?: string }) {
  const page = await table.query({ ...DsarEntity.query('all', {}), descending: true, limit: q.limit, cursor: q.cursor });
  return { data: page.items.map(view), nextCursor: page.cursor ?? null };
}
