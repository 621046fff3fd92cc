import { badRequestCode, conflict } from '../errors.js';
import { ConditionFailed, type Item, type TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { ContactEntity, CompanyContact } from '../contacts/entities.js';
import { toContact } from '../contacts/items.js';
import type { Contact } from '../contacts/types.js';
import { CompanyEntity } from '../companies/entities.js';
import { listContactIds } from '../contact-lists/lists.js';
import { listCompanyIds } from '../company-lists/company-lists.js';
import { suppressedAmong } from '../audience/suppression.js';
import { stopListMatch } from '../audience/stoplist.js';
import { getBriefItem } from '../briefs/briefs.js';
import { checkSyntax } from '../email-verification/syntax.js';
import { Campaign, Recipient, RecipientEmail, RECIPIENT_STATUSES, type RecipientRecord, type RecipientStatus } from './entities.js';
import { countryCode, countryFromEmail, geoPolicyOf, GEO_SKIP_REASONS } from './geo.js';
import { getCampaignItem } from './campaigns.js';

const MAX_POUR = 100_000;

/** Moves a recipient from one state to another (conditional on the current one); false when it moved meanwhile. */
export async function moveRecipient(
  table: TableStore,
  r: { campaignId: string; contactId: string },
  from: RecipientStatus,
  to: RecipientStatus,
  set: Record<string, unknown>,
  now: number,
) {
  try {
    await table.update(Recipient.key(r), {
      set: {
        ...set,
        status: to,
        ...Recipient.indexKeys('byStatus', { campaignId: r.campaignId, status: to, contactId: r.contactId }),
        updatedAt: new Date(now).toISOString(),
      },
      condition: { expression: '#s = :f', names: { '#s': 'status' }, values: { ':f': from } },
    });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
}

/** One page of a campaign's recipients in a state (gsi1 partition per state). */
export async function recipientsIn(table: TableStore, campaignId: string, status: RecipientStatus, limit: number, cursor?: string) {
  return table.query<RecipientRecord>({ ...Recipient.query('byStatus', { campaignId, status }), limit, cursor });
}

/** Recipient counts per state (bounded: 100 pages of 1000 per state). */
export async function countRecipients(table: TableStore, campaignId: string) {
  const out = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>;
  await Promise.all(
    RECIPIENT_STATUSES.map(async (s) => {
      for (let cursor: string | undefined, i = 0; i < 100; i++) {
        const page = await recipientsIn(table, campaignId, s, 1000, cursor);
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
    for (const companyId of r.companyIds) {
      for (let cursor: string | undefined, i = 0; i < 20; i++) {
        const page = await table.query<{ contactId?: string; sk: string }>({ ...CompanyContact.query('primary', { companyId }), limit: 500, cursor });
        ids.push(...page.items.map((l) => l.contactId ?? l.sk.slice('CONTACT#'.length)));
        if (!(cursor = page.cursor)) break;
      }
    }
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
    await mapLimit(chunk, 10, async (contactId) => {
      const c = contacts.get(contactId);
      if (!c) return void counts.notFound++;
      if (!c.email) return void counts.noEmail++;
      const syntax = checkSyntax(c.email);
      if (!syntax.ok) return void counts.inactiveChannel++;
      const email = c.email.toLowerCase();
      const record: RecipientRecord = {
        campaignId,
        contactId,
        email,
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
      try {
        await table.transact([
          { put: Recipient.item({ campaignId, contactId, status: 'NEW' }, record as unknown as Item), condition: { expression: 'attribute_not_exists(pk)' } },
          { put: RecipientEmail.item({ campaignId, email }, { campaignId, email, contactId }), condition: { expression: 'attribute_not_exists(pk)' } },
        ]);
        counts.added++;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
        counts.duplicate++;
      }
    });
  }
  // Campaign-level counts (the audit budget is 5 × the recipients not skipped): one ADD, no rescans.
  if (counts.added) await table.update(Campaign.key({ campaignId }), { add: { recipientCount: counts.added } });
  return { campaignId, ...counts, total: ids.length };
}

/** A brief's `icp.nonTargetRoles` as matchers: local-part prefixes and role words in the position. */
async function nonTargetMatcher(table: TableStore, briefId: string | null) {
  const brief = briefId ? await getBriefItem(table, briefId).catch(() => undefined) : undefined;
  const ntr = ((brief?.content as { icp?: { nonTargetRoles?: { roles?: string[]; emailPrefixes?: string[] } } } | undefined)?.icp?.nonTargetRoles ?? {}) as {
    roles?: string[];
    emailPrefixes?: string[];
  };
  const prefixes = (ntr.emailPrefixes ?? []).map((p) => p.toLowerCase().replace(/@$/, ''));
  const roles = (ntr.roles ?? []).map((r) => r.toLowerCase());
  return (email: string, position: string | undefined) => {
    const local = email.split('@')[0].toLowerCase();
    if (prefixes.some((p) => local === p || local.startsWith(`${p}.`) || local.startsWith(`${p}-`) || local.startsWith(`${p}_`) || local.startsWith(p)))
      return true;
    const pos = (position ?? '').toLowerCase();
    return !!pos && roles.some((r) => pos.includes(r));
  };
}

/**
 * Screen: NEW → SCREENED or SKIPPED, free of charge, before any render or audit. In order: suppression,
 * stop-list (domain or company), non-target role (the linked brief's icp.nonTargetRoles), geo policy
 * (contact country, else company country, else ccTLD: DE/AT opt-in only and RU manual confirm are skipped).
 */
export async function screen(deps: Deps, table: TableStore, campaignId: string, maxPages = 1000) {
  const campaign = await getCampaignItem(table, campaignId);
  if (campaign.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  const isNonTarget = await nonTargetMatcher(table, campaign.briefId);
  const reasons: Record<string, number> = {};
  let screened = 0;
  let more = false;
  for (let round = 0; round <= maxPages; round++) {
    if (round === maxPages) {
      more = (await recipientsIn(table, campaignId, 'NEW', 1)).items.length > 0;
      break;
    }
    const page = await recipientsIn(table, campaignId, 'NEW', 100);
    if (!page.items.length) break;
    const rs = page.items;
    const contacts = new Map(
      (await table.batchGet<Item>(rs.map((r) => ContactEntity.key({ contactId: r.contactId }))))
        .filter((c) => ContactEntity.is(c))
        .map((c) => toContact(c))
        .map((c) => [c.id, c]),
    );
    const companyIds = [...new Set(rs.map((r) => r.companyId).filter((x): x is string => !!x))];
    const companies = new Map(
      companyIds.length
        ? (await table.batchGet<Item>(companyIds.map((companyId) => CompanyEntity.key({ companyId })))).map((c) => [String(c.id ?? c.companyId), c])
        : [],
    );
    const suppressed = await suppressedAmong(
      table,
      rs.map((r) => r.email),
    );
    const now = deps.clock.now();
    await mapLimit(rs, 10, async (r) => {
      const contact: Contact | undefined = contacts.get(r.contactId);
      const company = r.companyId ? companies.get(r.companyId) : undefined;
      const country = countryCode(contact?.customFields?.country) ?? countryCode(company?.country) ?? countryFromEmail(r.email);
      const geoPolicy = geoPolicyOf(country);
      let reason: string | undefined;
      if (suppressed.has(r.email)) reason = 'suppressed';
      else if (await stopListMatch(table, { domain: r.email.split('@')[1], companyId: r.companyId })) reason = 'stop_listed';
      else if (isNonTarget(r.email, contact?.position)) reason = 'non_target_role';
      else reason = GEO_SKIP_REASONS[geoPolicy];
      const moved = await moveRecipient(table, r, 'NEW', reason ? 'SKIPPED' : 'SCREENED', { reason: reason ?? null, country, geoPolicy }, now);
      if (!moved) return;
      if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
      else screened++;
    });
  }
  const skipped = Object.values(reasons).reduce((a, b) => a + b, 0);
  if (skipped) await table.update(Campaign.key({ campaignId }), { add: { skippedCount: skipped } });
  return { campaignId, screened, skipped, reasons, more };
}

export async function listRecipients(table: TableStore, campaignId: string, q: { status?: RecipientStatus; limit: number; cursor?: string }) {
  await getCampaignItem(table, campaignId);
  const page = q.status
    ? await recipientsIn(table, campaignId, q.status, q.limit, q.cursor)
    : await table.query<RecipientRecord>({ ...Recipient.query('primary', { campaignId }), skBeginsWith: 'RCPT#', limit: q.limit, cursor: q.cursor });
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
