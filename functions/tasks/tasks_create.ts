import { defineOperation } from '../../shared/platform/registry/operation.js';
import { badRequest } from '../../shared/platform/errors.js';
import { createMailing } from '../../shared/mailing/tasks/create.js';
import { taskCreateBody, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { createScoringTaskFrom, SCORING_METHOD_ID } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_create',
  method: 'POST',
  path: '/api/tasks',
  tag: 'tasks',
  summary: 'Create a task (mailing or scoring)',
  description:
    'methodId 2 (mailing): description, creativeId, accountId, contactListId, all required; answers the task in DRAFT with approvalStatus PENDING (APPROVED at once when the workspace auto-approves). methodId 22 (scoring): see the scoring fields. Unknown references: 404.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { body: taskCreateBody },
  output: taskOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    if (body.methodId === 2) return createMailing(ctx, body);
    if (body.methodId === SCORING_METHOD_ID) return createScoringTaskFrom(ctx, body);
    throw badRequest([`methodId must be one of 2 (mailing), 22 (scoring)`]);
  },
  guidance: (t) =>
    t.methodId === 2 && t.approvalStatus !== 'APPROVED'
      ? {
          next: 'MailingController_approve',
          why: 'A mailing task starts only once approved (an agent holding mailing:write may approve its own task).',
          check: `POST /api/mailing/${t.id}/approve {"note":"..."}`,
        }
      : { next: 'tasks_start', why: 'The task is ready to start.', check: `POST /api/tasks/${t.id}/start` },
});
export const handler = lambdaHandler(operation);
