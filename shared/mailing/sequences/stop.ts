import type { Deps } from '../../platform/runtime/deps.js';
import { getItem, moveItem } from '../sending/items.js';
import { Enrolment, type EnrolmentRecord, type EnrolmentStatus } from './entities.js';

/**
 * Stops every active enrolment of a contact (a reply, a bounce, an unsubscribe): the enrolment leaves
 * the scheduler's due index and a step still QUEUED in the send engine is cancelled (item and task
 * counters in one transaction). Answers the number of enrolments stopped. Idempotent.
 */
export async function stopEnrolmentsOf(deps: Deps, tenantId: string, contactId: string, status: Exclude<EnrolmentStatus, 'active'>, reason: string) {
  const table = deps.tenantTable(tenantId);
  const page = await table.query<EnrolmentRecord>({ ...Enrolment.query('byContact', { contactId }), limit: 100 });
  let stopped = 0;
  for (const e of page.items.filter((x) => x.status === 'active')) {
    if (await stopEnrolment(deps, tenantId, e, status, reason)) stopped++;
  }
  return stopped;
}

export async function stopEnrolment(deps: Deps, tenantId: string, e: EnrolmentRecord, status: Exclude<EnrolmentStatus, 'active'>, reason: string) {
  const table = deps.tenantTable(tenantId);
  const at = new Date(deps.clock.now()).toISOString();
  try {
    await table.update(Enrolment.key({ sequenceId: e.sequenceId, contactId: e.contactId }), {
      set: { status, stopReason: reason, nextDueAt: null, nextStep: null, updatedAt: at, history: [...(e.history ?? []), { at, event: status }].slice(-50) },
      remove: ['gsi3pk', 'gsi3sk'],
      condition: { expression: '#s = :a', names: { '#s': 'status' }, values: { ':a': 'active' } },
    });
  } catch {
    return false; // stopped or finished meanwhile
  }
  if (e.lastTaskId) {
    const item = await getItem(table, e.lastTaskId, e.contactId);
    if (item?.status === 'QUEUED')
      await moveItem(
        table,
        e.lastTaskId,
        e.contactId,
        {
          set: { status: 'CANCELLED', reason: `sequence_${status}`, updatedAt: at },
          remove: ['gsi2pk', 'gsi2sk'],
          condition: { expression: '#s = :q', names: { '#s': 'status' }, values: { ':q': 'QUEUED' } },
        },
        { cancelled: 1, queued: -1 },
      );
  }
  return true;
}
