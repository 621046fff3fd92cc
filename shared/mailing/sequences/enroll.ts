import { suppressedAmong } from '../../crm/audience/suppression.js';
import { getContact } from '../../crm/contacts/contacts.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { loadRecipientContext, renderSubjectFor } from '../creatives/recipient.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ConditionFailed, notExists, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { SendItem, type SendItemRecord } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/tasks.js';
import { Enrolment, Sequence, type EnrolmentRecord, type EnrolSkipReason } from './entities.js';
import { addBusinessDays, dueKeys, processEnrolment } from './scheduler.js';
import { enrolmentView, getEnrolmentRecord, getSequenceRecord } from './sequences.js';

type Tenant = { tenantId: string; table: TableStore };

export interface EnrollInput {
  contactIds?: string[];
  /** A task's (or a campaign's send task's) recipients who were sent to at least `afterDays` ago and have not replied. */
  nonResponders?: { taskId: string; afterDays: number };
  accountId?: string;
}

/**
 * Enrols contacts, or a task's non-responders, into a sequence. Non-responders continue the thread of
 * the email they did not answer, from the mailbox that sent it. Repeat-safe: a contact already in the
 * sequence is reported as `already_enrolled`. Suppressed or address-less contacts are skipped.
 * Steps due now are handed to the send engine before the answer.
 */
export async function enroll(deps: Deps, tenant: Tenant, sequenceId: string, input: EnrollInput) {
  const { table } = tenant;
  const seq = await getSequenceRecord(table, sequenceId);
  const candidates: { contactId: string; email?: string; thread?: EnrolmentRecord['thread']; accountId?: string; source: EnrolmentRecord['source'] }[] = [];
  if (input.nonResponders) {
    const task = await getTaskItem(table, input.nonResponders.taskId);
    const cutoff = deps.clock.now() - input.nonResponders.afterDays * 86_400_000;
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await table.query<SendItemRecord & { sentAt?: string; repliedAt?: string }>({
        ...SendItem.query('primary', { taskId: task.taskId }),
        skBeginsWith: 'ITEM#',
        limit: 500,
        cursor,
      });
      for (const it of page.items) {
        if (it.status !== 'SENT' || it.repliedAt || !it.sentAt || Date.parse(it.sentAt) > cutoff || !it.messageId) continue;
        if (input.contactIds && !input.contactIds.includes(it.contactId)) continue;
        // A plain task renders its creative at send time: the same render (same seed) gives the subject the recipient saw.
        const subject = it.content?.subject ?? (task.creativeId ? await originalSubject(table, task.creativeId, it.contactId) : null);
        candidates.push({
          contactId: it.contactId,
          email: it.email ?? undefined,
          thread: { references: [...(it.thread?.references ?? []), it.messageId], subject },
          accountId: task.accountId,
          source: { kind: 'task', taskId: task.taskId },
        });
      }
      cursor = page.cursor;
      if (!cursor) break;
    }
  } else {
    const first = seq.steps[0];
    if (!first.creativeId && !first.subject)
      throw badRequest(["the sequence's first step has no subject: enrol a task's non-responders (their thread gives it) or define the step with a subject"]);
    for (const contactId of input.contactIds ?? []) candidates.push({ contactId, source: { kind: 'contacts' } });
  }
  const skipped: { contactId: string; reason: EnrolSkipReason }[] = [];
  const resolved: (typeof candidates)[number][] = [];
  for (const c of candidates) {
    const contact = await getContact(table, c.contactId).catch(() => undefined);
    if (!contact) skipped.push({ contactId: c.contactId, reason: 'contact_not_found' });
    else if (!(c.email ?? contact.email)) skipped.push({ contactId: c.contactId, reason: 'no_email_channel' });
    else resolved.push({ ...c, email: (c.email ?? contact.email)!.toLowerCase() });
  }
  const suppressed = await suppressedAmong(
    table,
    resolved.map((c) => c.email!),
  );
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const enrolled: EnrolmentRecord[] = [];
  for (const c of resolved) {
    if (suppressed.has(c.email!)) {
      skipped.push({ contactId: c.contactId, reason: 'suppressed' });
      continue;
    }
    const accountId = input.accountId ?? c.accountId ?? seq.accountId;
    if (!accountId) throw badRequest(['accountId is required: the sequence has no default mailbox and the contacts come with none']);
    if (!(await getEmailAccountItem(table, accountId))) throw notFound('Email account');
    const nextDueAt = addBusinessDays(now, seq.steps[0].delayDays);
    const e: EnrolmentRecord = {
      sequenceId,
      contactId: c.contactId,
      email: c.email!,
      accountId,
      status: 'active',
      stepsQueued: 0,
      nextStep: 1,
      nextDueAt,
      thread: c.thread ?? { references: [], subject: null },
      source: c.source,
      stopReason: null,
      history: [{ at, event: 'enrolled' }],
      enrolledAt: at,
      updatedAt: at,
    };
    try {
      await table.transact([
        { put: Enrolment.item({ sequenceId, contactId: c.contactId }, { ...e, ...dueKeys(sequenceId, c.contactId, nextDueAt) }), condition: notExists },
        { update: Sequence.key({ sequenceId }), spec: { add: { enrolledCount: 1 } } },
      ]);
      enrolled.push(e);
    } catch (err) {
      if (err instanceof ConditionFailed) skipped.push({ contactId: c.contactId, reason: 'already_enrolled' });
      else throw err;
    }
  }
  for (const e of enrolled) if ((e.nextDueAt ?? Infinity) <= now) await processEnrolment(deps, tenant.tenantId, e.sequenceId, e.contactId);
  const fresh = await Promise.all(enrolled.map((e) => getEnrolmentRecord(table, e.sequenceId, e.contactId)));
  return { sequenceId, enrolled: enrolled.length, skipped, data: fresh.map(enrolmentView) };
}

async function originalSubject(table: TableStore, creativeId: string, contactId: string) {
  try {
    const creative = toCreative(await getCreativeItem(table, creativeId));
    return renderSubjectFor(creative, await loadRecipientContext(table, { contactId })) || null;
  } catch {
    return null;
  }
}
