import { listContactIds } from '../../crm/contact-lists/lists.js';
import { stopListMatches } from '../../crm/audience/stoplist.js';
import { suppressedAmong } from '../../crm/audience/suppression.js';
import { domainOf, emailHash } from '../../crm/audience/normalize.js';
import { type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ContactedMarker, SendItem, Task, type SkipReason } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/tasks.js';
import { commitChunk, finishPendingChunks, type Verdict } from './build-chunks.js';
import { checkCompletion } from './complete.js';
import { ContactEntity } from '../../crm/contacts/entities.js';
import { costStep } from '../../platform/runtime/cost-step.js';

/**
 * Members per build chunk. Each chunk's counting transaction rewrites the task item (~1 KB: 4 write
 * units in a transaction, more with its index entries) and puts the chunk's record (~28 bytes per
 * member, 2 units per KB in the transaction, then its delete): per member ~0.11 units at 198
 * (docs/sending.md), against ~0.13 at 99 by DynamoDB's formula (~0.2 as DynamoDB Local reports it).
 */
export const BUILD_CHUNK = 198;
/** Chunks built at once. */
const BUILD_LANES = 4;

/**
 * Builds a started task's send items (the `build` message): every list member becomes one item,
 * QUEUED or SKIPPED with a reason. Guardrails, in order: contact gone, no email channel, suppression
 * (address or domain), stop-list (domain or company), the last verification (invalid, role address),
 * already contacted by another task within the re-contact period, or by this task for another contact
 * with the same address (a per-address marker claimed with a conditional write, so one address gets
 * one email).
 * Idempotent: members that already have an item are left alone (they were counted with it), and a
 * chunk counted but left unfinished by a crash is finished first (build-chunks.ts), so a crashed
 * build just runs again; a duplicate build message running at the same time counts nothing twice.
 */
export async function buildTaskItems(deps: Deps, tenantId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  const task = await getTaskItem(table, taskId);
  if (task.status !== 'ACTIVE' && task.status !== 'PAUSED' && task.status !== 'CANCELLED') return;
  const finishPending = () => finishPendingChunks(deps, table, tenantId, taskId, (ids) => screen(deps, table, taskId, ids));
  // A chunk counted and left unfinished (a crash, or a duplicate message still at work) is finished
  // first, a cancelled task's too: the QUEUED items it writes reach the worker, which cancels them
  // with their counters, so the counters end equal to the items.
  await finishPending();
  if (task.status === 'CANCELLED' || (task as { built?: boolean }).built) return;
  const ids = await listContactIds(table, task.contactListId!);
  const chunks = Array.from({ length: Math.ceil(ids.length / BUILD_CHUNK) }, (_, i) => ids.slice(i * BUILD_CHUNK, (i + 1) * BUILD_CHUNK));
  // Chunks are independent (each counts its own members once), so a few are built at once; a chunk's
  // sends are queued as soon as it is written. After a failure no new chunk starts, the ones in
  // flight finish, and the message is retried (the rebuild finishes or skips what exists).
  let next = 0;
  let failure: unknown;
  let builtElsewhere = false;
  const lane = async () => {
    for (let c = next++; c < chunks.length && failure === undefined && !builtElsewhere; c = next++)
      if (!(await buildChunk(deps, table, tenantId, taskId, chunks[c]))) builtElsewhere = true;
  };
  await Promise.all(Array.from({ length: Math.min(BUILD_LANES, chunks.length) }, () => lane().catch((e) => void (failure ??= e))));
  if (failure !== undefined) throw failure;
  await table.update(Task.key({ taskId }), { set: { built: true }, add: { version: 1 } });
  // Every chunk counted before `built` is visible now, and none is counted after it (commitChunk):
  // finishing them here leaves none that a duplicate build message started and then died on.
  await finishPending();
  await checkCompletion(deps, tenantId, taskId);
}

/** One chunk's members that have no item yet, screened, counted and written. false when the task was built meanwhile. */
async function buildChunk(deps: Deps, table: TableStore, tenantId: string, taskId: string, chunk: string[]): Promise<boolean> {
  const existing = new Set(
    (await table.batchGet<{ contactId: string }>(chunk.map((contactId) => SendItem.key({ taskId, contactId })))).map((x) => x.contactId),
  );
  const fresh = chunk.filter((id) => !existing.has(id));
  if (!fresh.length) return true;
  return commitChunk(deps, table, tenantId, taskId, await screen(deps, table, taskId, fresh));
}

async function screen(deps: Deps, table: TableStore, taskId: string, contactIds: string[]): Promise<Verdict[]> {
  const { emailOf, reasons } = await screenReasons(table, contactIds);
  // Only addresses that passed everything else claim their re-contact marker.
  const claimed = await costStep('build: re-contact claim', () =>
    claimContactedMany(
      table,
      contactIds.filter((_, i) => !reasons[i]).map((contactId) => ({ contactId, email: emailOf.get(contactId)! })),
      taskId,
      deps.clock.now(),
      deps.config.sending.recontactPeriodMs,
    ),
  );
  return contactIds.map((contactId, i) => {
    const reason = reasons[i] ?? (claimed.has(contactId) ? undefined : 'already_contacted');
    return { contactId, email: emailOf.get(contactId) ?? null, ...(reason ? { reason } : {}) };
  });
}

/**
 * The guardrails that read only (everything but the re-contact marker claim), for members of one
 * chunk: each member's skip reason, or undefined when it passes. `seen` (address hash → contact)
 * carries the "same address twice" check across chunks when a caller screens a whole list.
 */
export async function screenReasons(table: TableStore, contactIds: string[], seen = new Map<string, string>()) {
  const contacts = new Map((await table.batchGet<Item>(contactIds.map((id) => ContactEntity.key({ contactId: id })))).map((c) => [c.id as string, c]));
  const emailOf = new Map(contactIds.map((id) => [id, contacts.has(id) ? primaryEmail(contacts.get(id)!) : null]));
  const emails = [...emailOf.values()].filter((e): e is string => !!e);
  // The chunk's suppression and stop-list look-ups are one BatchGet each.
  const [suppressed, stopped] = await Promise.all([
    suppressedAmong(table, emails),
    stopListMatches(
      table,
      contactIds.map((id) => ({ domain: emailOf.get(id) ? domainOf(emailOf.get(id)!) : null, companyId: (contacts.get(id)?.companyId as string) ?? null })),
    ),
  ]);
  const reasons = contactIds.map((contactId, i): SkipReason | undefined => {
    const c = contacts.get(contactId);
    const email = emailOf.get(contactId);
    if (!c) return 'contact_not_found';
    // A second contact with the same address (as the marker normalises it).
    if (email && seen.has(emailHash(email))) return 'already_contacted';
    if (email) seen.set(emailHash(email), contactId);
    if (!email) return 'no_email_channel';
    if (suppressed.has(email)) return 'suppressed';
    if (stopped[i]) return 'stop_listed';
    const v = verificationOf(c, email);
    if (v?.result === 'invalid') return 'invalid_address';
    if (v?.reasons?.includes('role_address')) return 'role_address';
    return undefined;
  });
  return { emailOf, reasons };
}

function primaryEmail(c: Item): string | null {
  const ch = ((c.channels as { type: string; value: string }[]) ?? []).find((x) => x.type === 'email');
  return ch?.value ?? null;
}

function verificationOf(c: Item, email: string) {
  const ch = ((c.channels as { type: string; value: string; verification?: { result: string; reasons?: string[] } }[]) ?? []).find(
    (x) => x.type === 'email' && x.value === email,
  );
  return ch?.verification;
}

/**
 * Claims each address for this task and contact unless it was contacted within the re-contact
 * period by another task, or by this task for another contact (two contacts sharing one address get
 * one email). The same (task, contact) claims again: a rebuild after a crash is idempotent.
 * Each claim stands alone, so none is in a transaction (2 write units per marker): one `writeEach`
 * inserts the markers that do not exist, a second takes over, under the claim's condition, those
 * that did (1 unit each, 25 to a call). A marker that existed and vanished in between stays
 * unclaimed (the member is skipped, never mailed twice). Answers the contact ids that hold their claim.
 */
async function claimContactedMany(
  table: TableStore,
  claims: { contactId: string; email: string }[],
  taskId: string,
  now: number,
  recontactPeriodMs: number,
): Promise<Set<string>> {
  const marker = (c: { contactId: string; email: string }) =>
    ContactedMarker.item({ emailHash: emailHash(c.email) }, { taskId, contactId: c.contactId, contactedAt: now });
  const inserted = await table.writeEach(claims.map((c) => ({ insert: marker(c) })));
  const existing = claims.filter((_, k) => !inserted[k]);
  const takenOver = await table.writeEach(
    existing.map((c) => {
      const { pk, sk, ...fields } = marker(c);
      return {
        update: { pk: String(pk), sk: String(sk) },
        spec: {
          set: fields,
          condition: {
            expression: '(taskId = :t AND (contactId = :c OR attribute_not_exists(contactId))) OR contactedAt < :cutoff',
            values: { ':t': taskId, ':c': c.contactId, ':cutoff': now - recontactPeriodMs },
          },
        },
      };
    }),
  );
  return new Set([...claims.filter((_, k) => inserted[k]), ...existing.filter((_, k) => takenOver[k])].map((c) => c.contactId));
}
