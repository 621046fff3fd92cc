import * as z from 'zod';
import { ENROL_SKIP_REASONS, Enrolment, Sequence } from '../../shared/mailing/sequences/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the sequences operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
const nextCursor = z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page');

export const sequenceOutput = checkedOutput(z.looseObject({ id: z.string().describe('Sequence id'), ...Sequence.output.shape }));
export const sequenceListOutput = checkedOutput(z.looseObject({ data: z.array(sequenceOutput).describe('Newest first'), nextCursor }));

export const enrolmentOutput = checkedOutput(
  Enrolment.output.extend({
    nextDueAt: z.string().nullable().describe('When the scheduler looks at it next (ISO 8601); null once it stopped or finished'),
  }),
);
export const enrolmentListOutput = checkedOutput(z.looseObject({ data: z.array(enrolmentOutput), nextCursor }));
export const enrollOutput = checkedOutput(
  z.looseObject({
    sequenceId: z.string(),
    enrolled: z.number().describe('Contacts enrolled by this call'),
    skipped: z.array(z.looseObject({ contactId: z.string(), reason: z.enum(ENROL_SKIP_REASONS).describe(ENROL_SKIP_REASONS.join(', ')) })),
    data: z.array(enrolmentOutput).describe('The enrolments made, as they are after the steps due now were handed to the send engine'),
  }),
);
