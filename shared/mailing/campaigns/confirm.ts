import { conflict } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Recipient, type RecipientConsent, type RecipientRecord } from './entities.js';
import { getCampaignItem, logActivity, type Actor } from './campaigns.js';
import { moveRecipients, type Move } from './recipients.js';
import { nonTargetMatcher, screenRecipients } from './screen.js';

/** Recipient ids per confirm call. */
export const CONFIRM_MAX = 500;
const MANUAL_CONFIRM = 'geo_manual_confirm';

/**
 * Manual confirm (RU, prior consent): SKIPPED `geo_manual_confirm` recipients whose consent the caller
 * vouches for get the consent recorded on them (who, when, the evidence), go back to NEW (the campaign's
 * counters move in the same transaction; skippedCount gives them back to the audit budget) and are
 * screened at once by the same screen as every NEW recipient: the other rules still apply (a
 * suppression since the pour skips it again), the geo rule passes with the consent. SCREENED ones are
 * then prepared like any newly screened recipient (campaigns_preparations_start, or BYOC submission).
 * Ids not in manual confirm are reported with their state, ids that are no recipient of this campaign
 * as notFound; a repeat changes nothing.
 */
export async function confirmRecipients(deps: Deps, tenantId: string, campaignId: string, body: { contactIds: string[]; evidence: string }, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  const campaign = await getCampaignItem(table, campaignId);
  if (campaign.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  const ids = [...new Set(body.contactIds)].slice(0, CONFIRM_MAX);
  const found = new Map(
    (await table.batchGet<RecipientRecord>(ids.map((contactId) => Recipient.key({ campaignId, contactId }))))
      .filter((r) => Recipient.is(r) && r.campaignId === campaignId)
      .map((r) => [r.contactId, r]),
  );
  const notFound = ids.filter((id) => !found.has(id));
  const waiting = [...found.values()].filter((r) => r.status === 'SKIPPED' && r.reason === MANUAL_CONFIRM);
  const now = deps.clock.now();
  const consent: RecipientConsent = { confirmedBy: actor, confirmedAt: new Date(now).toISOString(), evidence: body.evidence };
  const moves = waiting.map((r): Move => ({
    r,
    from: 'SKIPPED',
    fromReason: MANUAL_CONFIRM,
    to: 'NEW',
    set: { reason: null, consent },
    add: { skippedCount: -1 },
  }));
  const moved = await moveRecipients(table, campaignId, moves, now);
  const confirmedIds = new Set(moved.map((m) => m.r.contactId));
  // The same screen as a poured recipient's (not a second copy of its rules).
  const screenedNow = await screenRecipients(
    deps,
    table,
    await nonTargetMatcher(table, campaign.briefId),
    waiting.filter((r) => confirmedIds.has(r.contactId)).map((r) => ({ ...r, status: 'NEW' as const, reason: null, consent })),
  );
  const outcome = new Map(screenedNow.moved.map((m) => [m.r.contactId, { status: m.to, reason: (m.set.reason as string | null) ?? null }]));
  if (moved.length)
    await logActivity(deps, table, campaignId, actor, 'recipients_confirmed', 'manual_confirm', {
      confirmed: moved.length,
      screened: screenedNow.screened,
      skipped: screenedNow.reasons,
      evidence: body.evidence.slice(0, 500),
    });
  // Moved meanwhile by another call (a repeat racing this one): answered with their state now.
  const raced = waiting.filter((r) => !confirmedIds.has(r.contactId));
  if (raced.length) for (const r of await table.batchGet<RecipientRecord>(raced.map((x) => Recipient.key(x)))) if (Recipient.is(r)) found.set(r.contactId, r);
  return {
    campaignId,
    confirmed: moved.length,
    screened: screenedNow.screened,
    skipped: screenedNow.reasons,
    results: ids.filter((id) => confirmedIds.has(id)).map((contactId) => ({ contactId, ...(outcome.get(contactId) ?? { status: 'NEW', reason: null }) })),
    notManualConfirm: ids
      .filter((id) => found.has(id) && !confirmedIds.has(id))
      .map((contactId) => ({ contactId, status: found.get(contactId)!.status, reason: found.get(contactId)!.reason ?? null })),
    notFound,
  };
}
