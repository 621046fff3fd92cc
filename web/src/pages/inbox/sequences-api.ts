/** Shapes and words of the sequences pages (sequences_list, sequences_get, sequences_enrolments_list, SequencesController_enroll). */

export interface Sequence {
  id: string;
  name: string;
  accountId: string | null;
  steps: { step: number; delayDays: number; creativeId?: string; subject?: string }[];
  enrolledCount: number;
}

export const ENROLMENT_STATUS_WORDS = {
  active: 'Active',
  replied: 'Replied',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  finished: 'Finished',
  stopped: 'Stopped',
} as const;
export type EnrolmentStatus = keyof typeof ENROLMENT_STATUS_WORDS;

export interface Enrolment {
  sequenceId: string;
  contactId: string;
  email: string;
  accountId: string;
  status: EnrolmentStatus;
  stepsQueued: number;
  nextStep: number | null;
  nextDueAt: string | null;
  stopReason: string | null;
}

export interface EnrolAnswer {
  enrolled: number;
  skipped: { contactId: string; reason: string }[];
}

export const SKIP_WORDS: Record<string, string> = {
  contact_not_found: 'no such contact',
  no_email_channel: 'the contact has no email address',
  suppressed: 'the address is on the suppression list',
  already_enrolled: 'already enrolled',
};

/** Why an enrolment stopped, in words (the reasons the scheduler, the inbox sync and the classifier record). */
export function stopReasonInWords(reason: string | null): string {
  if (!reason) return '';
  if (reason === 'replied' || reason.startsWith('reply ')) return 'They replied';
  if (reason === 'unsubscribe_request') return 'They asked to be unsubscribed';
  if (reason === 'sequence_deleted') return 'The sequence was deleted';
  const suppressed = /^suppressed_(.+)$/.exec(reason);
  if (suppressed) return `The address is on the suppression list (${suppressed[1].replace(/_/g, ' ')})`;
  const dsn = /^dsn_(.+)$/.exec(reason);
  if (dsn) return `A bounce report arrived (status ${dsn[1]})`;
  const step = /^step_(\d+)_(.+)$/.exec(reason);
  if (step) return step[2] === 'bounced' ? `Step ${step[1]} bounced` : `Step ${step[1]} was not sent (${step[2].replace(/_/g, ' ')})`;
  return reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, ' ');
}

/** Contact ids typed one per line or separated by commas or spaces, without repeats. */
export const parseIds = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
