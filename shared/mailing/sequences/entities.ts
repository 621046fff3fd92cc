import * as z from 'zod';
import { defineEntity, type ItemOf } from '../../platform/data/entity.js';
import { SEQUENCE_PRIMARY_KEY } from './sequence-key.js';

/**
 * Tenant-table entities of follow-up sequences.
 *
 * - sequence:   SEQUENCE#<sequenceId> / SEQUENCE            (gsi1: SEQUENCES / <createdAt>#<sequenceId>)
 * - enrolment:  SEQUENCE#<sequenceId> / ENROL#<contactId>   one per contact and sequence
 *               gsi2: ENROLLED#<contactId> / <sequenceId>    every sequence a contact is in (a reply or bounce stops them all)
 *               gsi3: SEQDUE / <nextDueAt>#<sequenceId>#<contactId>  while active: when the scheduler looks at it next
 *
 * Their attributes are what the sequences operations answer (`Sequence.output`, `Enrolment.output`).
 */

export const ENROLMENT_STATUSES = ['active', 'replied', 'bounced', 'unsubscribed', 'finished', 'stopped'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
/** Why SequencesController_enroll left a contact out. */
export const ENROL_SKIP_REASONS = ['contact_not_found', 'no_email_channel', 'suppressed', 'already_enrolled'] as const;
export type EnrolSkipReason = (typeof ENROL_SKIP_REASONS)[number];

const sequenceStep = z.looseObject({
  step: z.number().describe('Position from 1'),
  delayDays: z.number().describe('Business days (Mon–Fri) after the previous step went out; step 1 waits this long after enrolment'),
  creativeId: z.string().optional().describe('The creative the step sends (else subject + bodyHtml)'),
  subject: z.string().optional().describe('Inline template subject (step 1; later steps reply as Re: <first subject>)'),
  bodyHtml: z.string().optional().describe('Inline template body'),
});
export type SequenceStep = z.infer<typeof sequenceStep>;

export const Sequence = defineEntity({
  entity: 'sequence',
  version: 1,
  table: 'tenant',
  keys: {
    primary: SEQUENCE_PRIMARY_KEY,
    byCreated: { index: 'gsi1', pk: 'SEQUENCES', sk: '${createdAt}#${sequenceId}' },
  },
  attributes: {
    sequenceId: z.string().describe('Sequence id (also `id`)'),
    name: z.string(),
    accountId: z
      .string()
      .nullable()
      .describe("Default sending mailbox; an enrolment of a task's non-responders sends from the mailbox that sent the first email"),
    steps: z.array(sequenceStep).describe('In order'),
    tracking: z.boolean().describe('Open and click tracking on the steps'),
    enrolledCount: z.number().describe('Contacts enrolled so far'),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
  },
});
export type SequenceRecord = ItemOf<typeof Sequence>;

const historyEntry = z.looseObject({
  at: z.string().describe('ISO 8601 time'),
  event: z.string().describe(`enrolled, step_queued, or the status it ended with (${ENROLMENT_STATUSES.slice(1).join(', ')})`),
  step: z.number().optional(),
  taskId: z.string().optional().describe('step_queued: the send task the step went to'),
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
  attributes: {
    sequenceId: z.string(),
    contactId: z.string(),
    email: z.string().describe('The address the steps go to'),
    accountId: z.string().describe('The sending mailbox'),
    status: z.enum(ENROLMENT_STATUSES).describe(ENROLMENT_STATUSES.join(', ')),
    stepsQueued: z.number().describe('Steps handed to the send engine so far (0 = none yet)'),
    nextStep: z.number().nullable().describe('The step to go next (null once stopped or after the last one)'),
    /** Epoch ms; answered as ISO (enrolmentView). */
    nextDueAt: z.number().nullable(),
    thread: z
      .looseObject({ references: z.array(z.string()), subject: z.string().nullable() })
      .describe('The thread the steps continue: Message-IDs so far (the first email first) and its subject'),
    source: z
      .discriminatedUnion('kind', [z.looseObject({ kind: z.literal('contacts') }), z.looseObject({ kind: z.literal('task'), taskId: z.string() })])
      .describe("contacts (enrolled by id), or task: an earlier task's non-responders"),
    stopReason: z.string().nullable().describe('Why it stopped (replied, step_1_bounced, suppressed_unsubscribe, unsubscribe_request, sequence_deleted ...)'),
    history: z.array(historyEntry).describe('The last 50 events, oldest first'),
    lastTaskId: z.string().optional().describe('The send task of the last step queued'),
    enrolledAt: z.string().describe('ISO 8601 time of enrolment'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
  },
  internal: ['nextDueAt'],
});
export type EnrolmentRecord = ItemOf<typeof Enrolment>;
