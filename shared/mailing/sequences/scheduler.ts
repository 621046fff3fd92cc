import { suppressionMatch } from '../../crm/audience/suppression.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { renderCreativeFor } from '../creatives/render.js';
import { loadRecipientContext } from '../creatives/recipient.js';
import { isAppError } from '../../platform/errors.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { addSendItems, getItem, pad } from '../sending/items.js';
import { ensureOwnedSendTask } from '../tasks/tasks.js';
import { Enrolment, Sequence, type EnrolmentRecord, type SequenceRecord } from './entities.js';
import { stopEnrolment } from './stop.js';

/** How soon the scheduler looks again at an enrolment whose step is still with the send engine. */
const CHECK_BACK_MS = 60_000;
const MAX_PER_RUN = 200;

/** `n` business days (Mon–Fri, UTC) after `from`, same time of day; 0 = `from`. */
export function addBusinessDays(from: number, n: number) {
  let t = from;
  for (let added = 0, guard = 0; added < n && guard < 3660; guard++) {
    t += 86_400_000;
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) added++;
  }
  return t;
}

export const dueKeys = (sequenceId: string, contactId: string, nextDueAt: number) =>
  Enrolment.indexKeys('due', { nextDueAt: pad(nextDueAt), sequenceId, contactId });

/** One owned send task per sequence step (and mailbox, when an enrolment sends from another one). */
export const stepTaskId = (seq: SequenceRecord, step: number, accountId: string) =>
  `${seq.sequenceId}s${step}${accountId === seq.accountId ? '' : `m${accountId}`}`;

/** Every enrolment due by now: hands its next step to the send engine, or stops or finishes it. */
export async function runDueEnrolments(deps: Deps, tenantId: string) {
  const table = deps.tenantTable(tenantId);
  const page = await table.query<EnrolmentRecord>({ ...Enrolment.query('due', {}), skLessThan: `${pad(deps.clock.now())}#~`, limit: MAX_PER_RUN });
  let n = 0;
  for (const e of page.items) {
    try {
      await processEnrolment(deps, tenantId, e.sequenceId, e.contactId);
      n++;
    } catch (err) {
      log.warn('sequence step failed', { sequenceId: e.sequenceId, message: (err as Error).message });
    }
  }
  return n;
}

/**
 * The state machine of one enrolment, run when it is due:
 * - the address is suppressed → unsubscribed / bounced / stopped;
 * - its last step is still QUEUED/SENDING in the send engine → look again in a minute;
 * - that step BOUNCED (or failed, was skipped or cancelled) → bounced / stopped; the recipient replied → replied;
 * - it was SENT: the thread gains its Message-ID; the next step is due `delayDays` business days after
 *   that send (reschedule until then), then goes out as a reply in the same thread through an owned
 *   send task (same gates, window, pacing, footer); after the last step → finished.
 */
export async function processEnrolment(deps: Deps, tenantId: string, sequenceId: string, contactId: string) {
  const table = deps.tenantTable(tenantId);
  const e = await table.get<EnrolmentRecord>(Enrolment.key({ sequenceId, contactId }));
  if (!e || e.status !== 'active') return;
  const seq = await table.get<SequenceRecord>(Sequence.key({ sequenceId }));
  if (!seq) return stopEnrolment(deps, tenantId, e, 'stopped', 'sequence_deleted');
  const now = deps.clock.now();
  const sup = await suppressionMatch(table, e.email);
  if (sup)
    return stopEnrolment(
      deps,
      tenantId,
      e,
      sup.source === 'unsubscribe' ? 'unsubscribed' : sup.source === 'bounce' ? 'bounced' : 'stopped',
      `suppressed_${sup.source}`,
    );
  const thread = { references: [...e.thread.references], subject: e.thread.subject };
  let after = now;
  if (e.lastTaskId) {
    const item = await getItem(table, e.lastTaskId, contactId);
    const status = item?.status ?? 'MISSING';
    if (status === 'QUEUED' || status === 'SENDING') return reschedule(deps, tenantId, e, now + CHECK_BACK_MS);
    if (status === 'BOUNCED') return stopEnrolment(deps, tenantId, e, 'bounced', `step_${e.stepsQueued}_bounced`);
    if (status !== 'SENT') return stopEnrolment(deps, tenantId, e, 'stopped', `step_${e.stepsQueued}_${status.toLowerCase()}`);
    if ((item as { repliedAt?: string }).repliedAt) return stopEnrolment(deps, tenantId, e, 'replied', 'replied');
    if (item!.messageId && !thread.references.includes(item!.messageId)) thread.references.push(item!.messageId);
    thread.subject ??= item!.content?.subject ?? null;
    after = Date.parse((item as { sentAt?: string }).sentAt ?? new Date(now).toISOString());
  }
  const k = e.nextStep;
  const step = k ? seq.steps[k - 1] : undefined;
  const at = new Date(now).toISOString();
  if (!k || !step) {
    await table
      .update(Enrolment.key({ sequenceId, contactId }), {
        set: { status: 'finished', nextDueAt: null, thread, updatedAt: at, history: [...e.history, { at, event: 'finished' }].slice(-50) },
        remove: ['gsi3pk', 'gsi3sk'],
        condition: { expression: '#s = :a', names: { '#s': 'status' }, values: { ':a': 'active' } },
      })
      .catch(ignoreConditional);
    return;
  }
  // Step 1 waits from enrolment (its due time); later steps from the previous send.
  const due = e.lastTaskId ? addBusinessDays(after, step.delayDays) : (e.nextDueAt ?? now);
  if (due > now) return reschedule(deps, tenantId, e, due, thread);

  const recipient = await loadRecipientContext(table, { contactId });
  const rendered = step.creativeId
    ? renderCreativeFor(toCreative(await getCreativeItem(table, step.creativeId)), recipient)
    : renderCreativeFor({ id: `${sequenceId}s${k}`, subject: step.subject ?? '', bodyHtml: step.bodyHtml ?? '' }, recipient);
  const subject = thread.subject ? (/^re:/i.test(thread.subject) ? thread.subject : `Re: ${thread.subject}`) : rendered.subject;
  const taskId = stepTaskId(seq, k, e.accountId);
  await ensureOwnedSendTask(
    table,
    {
      taskId,
      owner: { kind: 'sequence', id: sequenceId, step: k },
      accountId: e.accountId,
      description: `Sequence ${seq.name}: step ${k}`,
      tracking: seq.tracking,
    },
    now,
  );
  const refs = thread.references;
  const added = await addSendItems(deps, tenantId, taskId, [
    {
      contactId,
      email: e.email,
      content: { subject, html: rendered.html, text: rendered.text },
      ...(refs.length ? { thread: { inReplyTo: refs[refs.length - 1], references: refs } } : {}),
      origin: { kind: 'sequence', id: sequenceId, step: k },
    },
  ]).catch((err) => {
    // A concurrent run (enrol and the scheduler tick) is adding the same item: it records the step.
    if (isAppError(err) && err.status === 409) return undefined;
    throw err;
  });
  if (!added) return;
  const next = k < seq.steps.length ? k + 1 : null;
  const checkAt = now + CHECK_BACK_MS;
  await table
    .update(Enrolment.key({ sequenceId, contactId }), {
      set: {
        lastTaskId: taskId,
        stepsQueued: k,
        nextStep: next,
        nextDueAt: checkAt,
        ...dueKeys(sequenceId, contactId, checkAt),
        thread: { references: refs, subject: thread.subject ?? rendered.subject },
        updatedAt: at,
        history: [...e.history, { at, event: 'step_queued', step: k, taskId }].slice(-50),
      },
      condition: { expression: '#s = :a AND stepsQueued = :q', names: { '#s': 'status' }, values: { ':a': 'active', ':q': e.stepsQueued } },
    })
    .catch(ignoreConditional);
}

async function reschedule(deps: Deps, tenantId: string, e: EnrolmentRecord, at: number, thread?: EnrolmentRecord['thread']) {
  await deps
    .tenantTable(tenantId)
    .update(Enrolment.key({ sequenceId: e.sequenceId, contactId: e.contactId }), {
      set: { nextDueAt: at, ...dueKeys(e.sequenceId, e.contactId, at), ...(thread ? { thread } : {}), updatedAt: new Date(deps.clock.now()).toISOString() },
      condition: { expression: '#s = :a AND stepsQueued = :q', names: { '#s': 'status' }, values: { ':a': 'active', ':q': e.stepsQueued } },
    })
    .catch(ignoreConditional);
}

const ignoreConditional = (e: unknown) => {
  if (!(e instanceof ConditionFailed)) throw e;
};
