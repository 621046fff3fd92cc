import { getCreativeItem } from '../creatives/creatives.js';
import { parseTemplate } from '../creatives/template.js';
import { newId } from '../../platform/data/ids.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { notExists, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { Enrolment, Sequence, type EnrolmentRecord, type EnrolmentStatus, type SequenceRecord, type SequenceStep } from './entities.js';

// Definitions and reads only: enrolling (enroll.ts) renders due steps through the scheduler, and the HTML
// libraries that brings stay out of the create, list and get bundles (issue 25).
const SEQ_ID = /^[0-9a-z]{9}[0-9a-f]{16}$/;

/** A sequence as answered: its attributes, with its id also as `id`. */
export const sequenceView = (s: SequenceRecord) => ({ id: s.sequenceId, ...Sequence.view(s) });
/** An enrolment as answered: its attributes, `nextDueAt` as ISO 8601 (stored as epoch ms for the due index). */
export const enrolmentView = (e: EnrolmentRecord) => ({ ...Enrolment.view(e), nextDueAt: e.nextDueAt ? new Date(e.nextDueAt).toISOString() : null });

export interface SequenceInput {
  name: string;
  accountId?: string;
  tracking?: boolean;
  steps: { delayDays: number; creativeId?: string; subject?: string; bodyHtml?: string }[];
}

/** Defines a sequence: ordered steps (a creative or an inline subject + bodyHtml, a delay in business days). */
export async function createSequence(deps: Deps, table: TableStore, input: SequenceInput) {
  if (input.accountId && !(await getEmailAccountItem(table, input.accountId))) throw notFound('Email account');
  const steps: SequenceStep[] = [];
  for (const [i, s] of input.steps.entries()) {
    const at = `steps[${i}]`;
    if (s.creativeId && (s.subject || s.bodyHtml)) throw badRequest([`${at}: give either creativeId or subject + bodyHtml, not both`]);
    if (s.creativeId) await getCreativeItem(table, s.creativeId);
    else if (!s.bodyHtml) throw badRequest([`${at}: creativeId or bodyHtml is required`]);
    else
      for (const [field, src] of [
        ['subject', s.subject ?? ''],
        ['bodyHtml', s.bodyHtml],
      ] as const) {
        const parsed = parseTemplate(src);
        if (!parsed.ok) throw badRequest([`${at}.${field}: ${parsed.message} at ${parsed.position}`]);
      }
    steps.push({ step: i + 1, delayDays: s.delayDays, ...(s.creativeId ? { creativeId: s.creativeId } : { subject: s.subject, bodyHtml: s.bodyHtml }) });
  }
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const sequenceId = newId(now);
  const record: SequenceRecord = {
    sequenceId,
    name: input.name,
    accountId: input.accountId ?? null,
    steps,
    tracking: input.tracking ?? false,
    enrolledCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await table.put(Sequence.item({ sequenceId, createdAt: at }, record), notExists);
  return sequenceView(record);
}

export async function getSequenceRecord(table: TableStore, sequenceId: string) {
  if (!SEQ_ID.test(sequenceId)) throw notFound('Sequence');
  const s = await table.get<SequenceRecord>(Sequence.key({ sequenceId }));
  if (!s || !Sequence.is(s)) throw notFound('Sequence');
  return s;
}

export async function listSequences(table: TableStore, q: { limit: number; cursor?: string }) {
  const page = await table.query<SequenceRecord>({ ...Sequence.query('byCreated', {}), descending: true, limit: q.limit, cursor: q.cursor });
  return { data: page.items.map(sequenceView), nextCursor: page.cursor ?? null };
}

export async function getEnrolmentRecord(table: TableStore, sequenceId: string, contactId: string) {
  const e = await table.get<EnrolmentRecord>(Enrolment.key({ sequenceId, contactId }));
  if (!e || !Enrolment.is(e)) throw notFound('Enrolment');
  return e;
}

export async function listEnrolments(table: TableStore, sequenceId: string, q: { limit: number; cursor?: string; status?: EnrolmentStatus }) {
  await getSequenceRecord(table, sequenceId);
  const page = await table.query<EnrolmentRecord & Item>({
    ...Enrolment.query('primary', { sequenceId }),
    skBeginsWith: 'ENROL#',
    limit: q.limit,
    cursor: q.cursor,
    ...(q.status ? { filter: { expression: '#s = :s', names: { '#s': 'status' }, values: { ':s': q.status } } } : {}),
  });
  return { data: page.items.map(enrolmentView), nextCursor: page.cursor ?? null };
}
