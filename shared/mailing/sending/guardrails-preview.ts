import { emailHash } from '../../crm/audience/normalize.js';
import { getContactList, listContactIds } from '../../crm/contact-lists/lists.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { ContactedMarker, SKIP_REASONS, type SkipReason } from '../tasks/entities.js';
import { screenReasons } from './build.js';

/** Members screened per round: one BatchGet each for contacts, suppression, stop-list and markers (DynamoDB's 100 keys). */
const CHUNK = 100;
/** Members screened at most; a larger list is answered for its first members, with `sampled` true. */
export const PREVIEW_MAX = 10_000;

/**
 * What start would do with a contact list, without doing it: the guardrails of the build
 * (shared/mailing/sending/build.ts) in the same order, read-only. The re-contact check reads the markers
 * instead of claiming them: an address counts as already contacted when another task reached it
 * within the re-contact period. Nothing is written.
 */
export async function previewGuardrails(deps: Deps, table: TableStore, contactListId: string) {
  const list = await getContactList(table, contactListId);
  const all = await listContactIds(table, contactListId);
  const ids = all.slice(0, PREVIEW_MAX);
  const byReason = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  const seen = new Map<string, string>();
  const since = deps.clock.now() - deps.config.sending.recontactPeriodMs;
  let wouldSend = 0;
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    const { emailOf, reasons } = await screenReasons(table, chunk, seen);
    const passing = chunk.filter((_, i) => !reasons[i]);
    const markers = await table.batchGet<{ pk: string; contactedAt?: number }>(
      passing.map((id) => ContactedMarker.key({ emailHash: emailHash(emailOf.get(id)!) })),
    );
    const recent = new Set(markers.filter((m) => (m.contactedAt ?? 0) >= since).map((m) => m.pk));
    for (const [i, contactId] of chunk.entries()) {
      const reason =
        reasons[i] ?? (recent.has(ContactedMarker.key({ emailHash: emailHash(emailOf.get(contactId)!) }).pk) ? ('already_contacted' as const) : undefined);
      if (reason) byReason[reason]++;
      else wouldSend++;
    }
  }
  const skipped = ids.length - wouldSend;
  return {
    contactListId: list.id as string,
    total: all.length,
    screened: ids.length,
    sampled: ids.length < all.length,
    wouldSend,
    skipped,
    byReason,
  };
}
