import { defineEntity } from '../../platform/data/entity.js';

/**
 * Tenant-table entities of follow-up sequences.
 *
 * - sequence:   SEQUENCE#<sequenceId> / SEQUENCE            (gsi1: SEQUENCES / <createdAt>#<sequenceId>)
 * - enrolment:  SEQUENCE#<sequenceId> / ENROL#<contactId>   one per contact and sequence
 *               gsi2: ENROLLED#<contactId> / <sequenceId>    every sequence a contact is in (a reply or bounce stops them all)
 *               gsi3: SEQDUE / <nextDueAt>#<sequenceId>#<contactId>  while active: when the scheduler looks at it next
 */
export const Sequence = defineEntity({
  entity: 'sequence',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'SEQUENCE#${sequenceId}', sk: 'SEQUENCE' },
    byCreated: { index: 'gsi1', pk: 'SEQUENCES', sk: '${createdAt}#${sequenceId}' },
  },
});

export const Enrolment = defineEntity({
  entity: 'sequence_enrolment',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'SEQUENCE#${sequenceId}', sk: 'ENROL#${contactId}' },
    byContact: { index: 'gsi2', pk: 'ENROLLED#${contactId}', sk: '${sequenceId}' },
    due: { index: 'gsi3', pk: 'SEQDUE', sk: '${nextDueAt}#${sequenceId}#${contactId}' },
  },
});

export const ENROLMENT_STATUSES = ['active', 'replied', 'bounced', 'unsubscribed', 'finished', 'stopped'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export interface SequenceStep {
  step: number;
  /** Business days (Mon–Fri) after the previous step went out; step 1 waits `delayDays` after enrolment. */
  delayDays: number;
  creativeId?: string;
  subject?: string;
  bodyHtml?: string;
}

export interface SequenceRecord {
  sequenceId: string;
  name: string;
  /** The default sending mailbox; an enrolment from a task uses the task's mailbox (the one that sent the first email). */
  accountId: string | null;
  steps: SequenceStep[];
  tracking: boolean;
  enrolledCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface EnrolmentRecord {
  sequenceId: string;
  contactId: string;
  email: string;
  accountId: string;
  status: EnrolmentStatus;
  /** Steps already handed to the send engine (0 = none yet). */
  stepsQueued: number;
  nextStep: number | null;
  nextDueAt: number | null;
  /** The thread the steps continue: Message-IDs so far (the first email first) and its subject. */
  thread: { references: string[]; subject: string | null };
  /** Enrolled from an earlier task's non-responders: that task and item. */
  source: { kind: 'contacts' } | { kind: 'task'; taskId: string };
  stopReason: string | null;
  history: { at: string; event: string; step?: number; taskId?: string }[];
  enrolledAt: string;
  updatedAt: string;
}
