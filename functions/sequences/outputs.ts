import * as z from 'zod';
import { ENROLMENT_STATUSES } from '../../shared/mailing/sequences/entities.js';

export const sequenceOutput = z.looseObject({
  id: z.string().describe('Sequence id'),
  name: z.string(),
  accountId: z.string().nullable().describe('Default sending mailbox'),
  steps: z.array(
    z.looseObject({ step: z.number(), delayDays: z.number().describe('Business days after the previous step'), creativeId: z.string().optional() }),
  ),
  enrolledCount: z.number(),
});
export const sequenceListOutput = z.looseObject({ data: z.array(sequenceOutput), nextCursor: z.string().nullable() });

export const enrolmentOutput = z.looseObject({
  sequenceId: z.string(),
  contactId: z.string(),
  email: z.string(),
  accountId: z.string(),
  status: z.enum(ENROLMENT_STATUSES).describe(ENROLMENT_STATUSES.join(', ')),
  stepsQueued: z.number().describe('Steps handed to the send engine so far'),
  nextStep: z.number().nullable(),
  nextDueAt: z.string().nullable(),
  stopReason: z.string().nullable(),
});
export const enrolmentListOutput = z.looseObject({ data: z.array(enrolmentOutput), nextCursor: z.string().nullable() });
export const enrollOutput = z.looseObject({
  sequenceId: z.string(),
  enrolled: z.number(),
  skipped: z.array(z.looseObject({ contactId: z.string(), reason: z.string().describe('contact_not_found, no_email_channel, suppressed, already_enrolled') })),
  data: z.array(enrolmentOutput),
});
