import { badRequestCode, conflict } from '../../platform/errors.js';
import { ConditionFailed, type Item, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ContactEntity } from '../../crm/contacts/entities.js';
import { companyContactIds } from '../../crm/contacts/company-contacts.js';
import { toContact } from '../../crm/contacts/items.js';
import type { Contact } from '../../crm/contacts/types.js';
import { listContactIds } from '../../crm/contact-lists/lists.js';
import { listCompanyIds } from '../../crm/company-lists/company-lists.js';
import { checkSyntax } from '../email-verification/syntax.js';
import { Campaign, Recipient, RecipientEmail, RECIPIENT_STATUSES, type CampaignRecord, type RecipientRecord, type RecipientStatus } from './entities.js';
import { getCampaignItem } from './campaigns.js';

const MAX_POUR = 100_000;
/** Recipient moves per TransactWrite: with the campaign item's counter update, DynamoDB's 100 actions. */
const MOVES_PER_TX = 99;

/** The campaign item's counter of recipients in a state (ADDed in the same transaction that moves one). */
export const stateCountAttr = (s: RecipientStatus) => `rc_${s}`;

/** The campaign's counter update inside a move's transaction (the campaign must still exist: no stub item after a delete). */
const campaignCounters = (campaignId: string, add: Record<string, number>): TxOp => ({
  update: Campaign.key({ campaignId }),
  spec: { add, condition: { expression: 'attribute_exists(pk)' } },
});

/** Indexes of a cancelled transaction's items whose condition failed. */
const failedIndexes = (e: ConditionFailed) =>
  new Set([...(e.index !== undefined ? [e.index] : []), ...e.reasons.flatMap((c, k) => (c === 'ConditionalCheckFailed' ? [k] : []))]);

const moveOp = ({ r, from, to, set, fromReason }: Move, now: number): TxOp => ({
  update: Recipient.key(r),
  spec: {
    set: {
      ...set,
      status: to,
      ...Recipient.indexKeys('byStatus', { campaignId: r.campaignId, status: to, contactId: r.contactId }),
      updatedAt: new Date(now).toISOString(),
    },
    condition:
      fromReason === undefined
        ? { expression: '#s = :f', names: { '#s': 'status' }, values: { ':f': from } }
        : { expression: '#s = :f AND #r = :r', names: { '#s': 'status', '#r': 'reason' }, values: { ':f': from, ':r': fromReason } },
  },
});

/**
 * Moves a recipient from one state to another (conditional on the current one) and the campaign's
 * per-state counters (plus `add`, e.g. skippedCount) in one transaction; false when it moved meanwhile
 * (or the campaign is gone).
 */
export async function moveRecipient(
  table: TableStore,
  r: { campaignId: string; contactId: string },
  from: RecipientStatus,
  to: RecipientStatus,
  set: Record<string, unknown>,
  now: number,
  add: Record<string, number> = {},
) {
  return (await moveRecipients(table, r.campaignId, [{ r, from, to, set, add }], now)).length === 1;
}

export interface Move {
  r: { campaignId: string; contactId: string };
  from: RecipientStatus;
  to: RecipientStatus;
  set: Record<string, unknown>;
  /** Campaign-level counters this move adds to besides the per-state ones (e.g. skippedCount). */
  add?: Record<string, number>;
  /** Also required: the recipient's current `reason` (e.g. only a geo_manual_confirm skip is confirmed). */
  fromReason?: string;
}

/**
 * Moves recipients of one campaign, up to 99 per TransactWrite together with one ADD of the campaign's
 * per-state counters: the counters move exactly when the recipients do. A recipient that moved
 * meanwhile is left out and the rest of its transaction retried. Answers the moves that happened.
 */
export async function moveRecipients(table: TableStore, campaignId: string, moves: Move[], now: number): Promise<Move[]> {
  const done: Move[] = [];
  for (let i = 0; i < moves.length; i += MOVES_PER_TX) {
    let chunk = moves.slice(i, i + MOVES_PER_TX);
    for (let round = 0; chunk.length && round <= MOVES_PER_TX; round++) {
      const add: Record<string, number> = {};
      for (const m of chunk)
        for (const [k, v] of Object.entries({ [stateCountAttr(m.from)]: -1, [stateCountAttr(m.to)]: 1, ...(m.add ?? {}) })) add[k] = (add[k] ?? 0) + v;
      try {
        await table.transact([...chunk.map((m) => moveOp(m, now)), campaignCounters(campaignId, add)]);
        done.push(...chunk);
        break;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
        const failed = failedIndexes(e);
        if (failed.has(chunk.length)) return done; // the campaign itself is gone
        chunk = chunk.filter((_, k) => !failed.has(k));
      }
    }
  }
  return done;
}

/** One page of a campaign's recipients in a state (gsi1 partition per state). */
export async function recipientsIn(table: TableStore, campaignId: string, status: RecipientStatus, limit: number, cursor?: string) {
  return table.query<RecipientRecord>({ ...Recipient.query('byStatus', { campaignId, status }), limit, cursor });
}

/**
 * Recipient counts per state from the campaign item's counters (moved in the same transactions as the
 * recipients: no recipient is read). Campaigns created before the counters existed (no
 * `stateCounters` mark) are counted the old way, by reading every recipient (bounded).
 */
export async function countRecipients(table: TableStore, c: CampaignRecord) {
  const out = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>;
  if (c.stateCounters) {
    for (const s of RECIPIENT_STATUSES) out[s] = Math.max(0, Number((c as unknown as Record<string, unknown>)[stateCountAttr(s)] ?? 0));
    return out;
  }
  await Promise.all(
    RECIPIENT_STATUSES.map(async (s) => {
      for (let cursor: string | undefined, i = 0; i < 100; i++) {
        const page = await recipientsIn(table, c.campaignId, s, 1000, cursor);
        out[s] += page.items.length;
        if (!(cursor = page.cursor)) break;
      }
    }),
  );
  return out;
}

export type PourBody = { listId?: string; companyListId?: string; allContacts?: boolean };

/** Contact ids of the pour source: a static contact list, a company list (its companies' contacts), or the whole database. */
async function pourSource(table: TableStore, body: PourBody): Promise<string[]> {
  if (body.listId) return listContactIds(table, body.listId);
  if (body.companyListId) {
    const r = await listCompanyIds(table, body.companyListId, { max: 10_000 });
    if (r.status !== 'OK') throw badRequestCode('company_list_unavailable', { status: r.status, reason: r.reason, message: r.message });
    const ids: string[] = [];
    for (const companyId of r.companyIds) ids.push(...(await companyContactIds(table, companyId)));
    return ids;
  }
  const ids: string[] = [];
  for (let cursor: string | undefined, i = 0; i < 100 && ids.length < MAX_POUR; i++) {
    const page = await table.query<Item>({ ...ContactEntity.query('all', {}), limit: 1000, cursor });
    ids.push(...page.items.map((c) => toContact(c).id));
    if (!(cursor = page.cursor)) break;
  }
  return ids;
}

function newRecipient(campaignId: string, contactId: string, c: Contact, at: string): RecipientRecord {
  return {
    campaignId,
    contactId,
    email: c.email!.toLowerCase(),
    companyId: c.companyId ?? null,
    status: 'NEW',
    reason: null,
    country: null,
    geoPolicy: null,
    auditIterations: 0,
    auditCategories: [],
    failureReason: null,
    content: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Writes NEW recipients, each with its address marker (once per contact and per address), up to 49 per
 * TransactWrite together with the campaign's counters (recipientCount and the NEW count). One address
 * twice in a batch waits for the next one; a recipient whose row or address exists is left out (a
 * duplicate) and the rest retried. Answers how many were added.
 */
async function createRecipients(table: TableStore, campaignId: string, records: RecipientRecord[]) {
  let added = 0;
  let pending = records;
  for (let guard = 0; pending.length && guard < 10_000; guard++) {
    const emails = new Set<string>();
    let batch: RecipientRecord[] = [];
    const later: RecipientRecord[] = [];
    for (const r of pending) {
      if (batch.length < 49 && !emails.has(r.email)) (emails.add(r.email), batch.push(r));
      else later.push(r);
    }
    for (let round = 0; batch.length && round <= 49; round++) {
      try {
        await table.transact([
          ...batch.flatMap((r): TxOp[] => [
            {
              put: Recipient.item({ campaignId, contactId: r.contactId, status: 'NEW' }, r as unknown as Item),
              condition: { expression: 'attribute_not_exists(pk)' },
            },
            {
              put: RecipientEmail.item({ campaignId, email: r.email }, { campaignId, email: r.email, contactId: r.contactId }),
              condition: { expression: 'attribute_not_exists(pk)' },
            },
          ]),
          campaignCounters(campaignId, { recipientCount: batch.length, [stateCountAttr('NEW')]: batch.length }),
        ]);
        added += batch.length;
        break;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
        const failed = failedIndexes(e);
        if (failed.has(batch.length * 2)) return added; // the campaign is gone
        batch = batch.filter((_, k) => !failed.has(2 * k) && !failed.has(2 * k + 1));
      }
    }
    pending = later;
  }
  return added;
}

/** Pour: every contact of the source becomes a NEW recipient once (per contact and per address). */
export async function pour(deps: Deps, table: TableStore, campaignId: string, body: PourBody) {
  const campaign = await getCampaignItem(table, campaignId);
  if (campaign.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  const ids = [...new Set(await pourSource(table, body))].slice(0, MAX_POUR);
  const counts = { added: 0, noEmail: 0, duplicate: 0, inactiveChannel: 0, notFound: 0 };
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const contacts = new Map(
      (await table.batchGet<Item>(chunk.map((contactId) => ContactEntity.key({ contactId }))))
        .filter((c) => ContactEntity.is(c))
        .map((c) => toContact(c))
        .map((c) => [c.id, c]),
    );
    const at = new Date(deps.clock.now()).toISOString();
    const fresh: RecipientRecord[] = [];
    for (const contactId of chunk) {
      const c = contacts.get(contactId);
      if (!c) counts.notFound++;
      else if (!c.email) counts.noEmail++;
      else if (!checkSyntax(c.email).ok) counts.inactiveChannel++;
      else fresh.push(newRecipient(campaignId, contactId, c, at));
    }
    // Already in (a repeated pour): answered from one BatchGet instead of cancelled transactions.
    const known = await table.batchGet<Item>([
      ...fresh.map((r) => Recipient.key(r)),
      ...[...new Set(fresh.map((r) => r.email))].map((email) => RecipientEmail.key({ campaignId, email })),
    ]);
    const taken = new Set(known.map((k) => `${k.sk}`));
    const pending = fresh.filter((r) => !taken.has(Recipient.key(r).sk) && !taken.has(RecipientEmail.key({ campaignId, email: r.email }).sk));
    counts.duplicate += fresh.length - pending.length;
    const added = await createRecipients(table, campaignId, pending);
    counts.added += added;
    counts.duplicate += pending.length - added;
  }
  return { campaignId, ...counts, total: ids.length };
}

/** A page of recipients, by state and/or reason (the reason is a filter: a page may hold fewer than `limit`, follow nextCursor). */
export async function listRecipients(table: TableStore, campaignId: string, q: { status?: RecipientStatus; reason?: string; limit: number; cursor?: string }) {
  await getCampaignItem(table, campaignId);
  const filter = q.reason ? { filter: { expression: '#r = :r', names: { '#r': 'reason' }, values: { ':r': q.reason } } } : {};
  const page = q.status
    ? await table.query<RecipientRecord>({ ...Recipient.query('byStatus', { campaignId, status: q.status }), limit: q.limit, cursor: q.cursor, ...filter })
    : await table.query<RecipientRecord>({ ...Recipient.query('primary', { campaignId }), skBeginsWith: 'RCPT#', limit: q.limit, cursor: q.cursor, ...filter });
  return { data: page.items.map(recipientView), nextCursor: page.cursor ?? null };
}

export function recipientView(r: RecipientRecord) {
  return {
    contactId: r.contactId,
    email: r.email,
    status: r.status,
    reason: r.reason ?? null,
    country: r.country ?? null,
    geoPolicy: r.geoPolicy ?? null,
    auditIterations: r.auditIterations ?? 0,
    auditCategories: r.auditCategories ?? [],
    failureReason: r.failureReason ?? null,
    consent: r.consent ?? null,
    subject: r.content?.subject ?? null,
    updatedAt: r.updatedAt,
  };
}

/** Runs fn over items with at most `n` in flight. */
export async function mapLimit<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Recipients the audit budget counts: poured and not skipped at screen (campaign counters). */
export const auditableOf = (c: { recipientCount?: number; skippedCount?: number }) => Math.max(0, (c.recipientCount ?? 0) - (c.skippedCount ?? 0));
