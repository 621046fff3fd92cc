import { conflict } from '../../platform/errors.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { ContactEntity } from '../../crm/contacts/entities.js';
import { toContact } from '../../crm/contacts/items.js';
import type { Contact } from '../../crm/contacts/types.js';
import { CompanyEntity, isCompany } from '../../crm/companies/entities.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { suppressedAmong } from '../../crm/audience/suppression.js';
import { stopListMatch } from '../../crm/audience/stoplist.js';
import { getBriefItem } from '../briefs/briefs.js';
import type { RecipientRecord } from './entities.js';
import { countryCode, countryFromEmail, geoPolicyOf, GEO_SKIP_REASONS } from './geo.js';
import { getCampaignItem } from './campaigns.js';
import { mapLimit, moveRecipients, recipientsIn, type Move } from './recipients.js';

/** The screen step of a campaign: suppression, stop-list, geo policy and the brief's non-target roles, per recipient. */

export type NonTargetMatcher = (email: string, position: string | undefined) => boolean;

/** A brief's `icp.nonTargetRoles` as matchers: local-part prefixes and role words in the position. */
export async function nonTargetMatcher(table: TableStore, briefId: string | null | undefined) {
  const brief = briefId ? await getBriefItem(table, briefId).catch(() => undefined) : undefined;
  const ntr = ((brief?.content as { icp?: { nonTargetRoles?: { roles?: string[]; emailPrefixes?: string[] } } } | undefined)?.icp?.nonTargetRoles ?? {}) as {
    roles?: string[];
    emailPrefixes?: string[];
  };
  const prefixes = (ntr.emailPrefixes ?? []).map((p) => p.toLowerCase().replace(/@$/, ''));
  const roles = (ntr.roles ?? []).map((r) => r.toLowerCase());
  return (email: string, position: string | undefined): boolean => {
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
  let idle = 0;
  for (let round = 0; round <= maxPages; round++) {
    if (round === maxPages) {
      more = (await recipientsIn(table, campaignId, 'NEW', 1)).items.length > 0;
      break;
    }
    const page = await recipientsIn(table, campaignId, 'NEW', 100);
    if (!page.items.length) break;
    const out = await screenRecipients(deps, table, isNonTarget, page.items);
    screened += out.screened;
    for (const [k, n] of Object.entries(out.reasons)) reasons[k] = (reasons[k] ?? 0) + n;
    // Nothing moved (another screen took them, the index lags, the campaign is gone): stop after a few tries.
    idle = out.screened + Object.keys(out.reasons).length ? 0 : idle + 1;
    if (idle >= 3) break;
  }
  const skipped = Object.values(reasons).reduce((a, b) => a + b, 0);
  return { campaignId, screened, skipped, reasons, more };
}

/**
 * The screen of some NEW recipients (a page of the campaign's, or the ones just confirmed): suppression,
 * stop-list, non-target role, geo policy (RU passes once its consent is recorded), then one batched move
 * per ≤ 99 with the campaign's counters (SKIPPED ones also add to skippedCount: the audit budget).
 */
export async function screenRecipients(deps: Deps, table: TableStore, isNonTarget: NonTargetMatcher, rs: RecipientRecord[]) {
  const reasons: Record<string, number> = {};
  if (!rs.length) return { screened: 0, reasons, moved: [] as Move[] };
  const contacts = new Map(
    (await table.batchGet<Item>(rs.map((r) => ContactEntity.key({ contactId: r.contactId }))))
      .filter((c) => ContactEntity.is(c))
      .map((c) => toContact(c))
      .map((c) => [c.id, c]),
  );
  const companyIds = [...new Set(rs.map((r) => r.companyId).filter((x): x is string => !!x))];
  const companies = new Map(
    companyIds.length
      ? (await table.batchGet<Item>(companyIds.map((companyId) => CompanyEntity.key({ companyId })))).filter(isCompany).map((c) => [String(c.id), c])
      : [],
  );
  const suppressed = await suppressedAmong(
    table,
    rs.map((r) => r.email),
  );
  const moves: Move[] = [];
  await mapLimit(rs, 10, async (r) => {
    const contact: Contact | undefined = contacts.get(r.contactId);
    const company = r.companyId ? companies.get(r.companyId) : undefined;
    const country = countryCode(contact?.customFields?.country) ?? countryCode(company?.country) ?? countryFromEmail(r.email);
    const geoPolicy = geoPolicyOf(country);
    let reason: string | undefined;
    if (suppressed.has(r.email)) reason = 'suppressed';
    else if (await stopListMatch(table, { domain: r.email.split('@')[1], companyId: r.companyId })) reason = 'stop_listed';
    else if (isNonTarget(r.email, contact?.position)) reason = 'non_target_role';
    else if (!(geoPolicy === 'manual_confirm' && r.consent)) reason = GEO_SKIP_REASONS[geoPolicy];
    moves.push({
      r,
      from: 'NEW',
      to: reason ? 'SKIPPED' : 'SCREENED',
      set: { reason: reason ?? null, country, geoPolicy },
      ...(reason ? { add: { skippedCount: 1 } } : {}),
    });
  });
  const moved = await moveRecipients(table, rs[0].campaignId, moves, deps.clock.now());
  let screened = 0;
  for (const m of moved) {
    const reason = m.set.reason as string | null;
    if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
    else screened++;
  }
  return { screened, reasons, moved };
}
