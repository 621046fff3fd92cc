import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { addScoringSteps } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { scoringTaskPath } from '../scoring/schema.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { Task } from '../../shared/mailing/tasks/entities.js';
import { taskOutput } from '../../shared/mailing/tasks/schema.js';

export const operation = defineOperation({
  operationId: 'tasks_steps_add',
  method: 'POST',
  path: '/api/tasks/{id}/steps',
  tag: 'tasks',
  summary: 'Add steps to a scoring task',
  description:
    'Appends steps {type, config?} to a methodId-22 task. Types: DOMAIN_AGE, SSL_CHECK, DNS_CHECK, KEYWORDS, EMAIL_EXTRACT, PHONE_EXTRACT, SOCIAL_LINKS, TECH_DETECT, COMPANY_SIZE, AI_CONTENT, NALOG_LOOKUP, AI_CARD_FIELD, WEBHOOK_CARD_FIELD (the card-field steps need config.targetEntity and config.targetFieldId, a defined custom field; WEBHOOK_CARD_FIELD also config.url). A step that cannot answer (provider not configured, no match) is {outcome: UNAVAILABLE, reasonCode} in stepResults and writes nothing. Another method: 400; unknown task: 404.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: scoringTaskPath, body: z.strictObject({ steps: z.array(z.unknown()).min(1).max(50).describe('Steps {type, config?}') }) },
  output: checkedOutput(taskOutput.extend({ steps: Task.output.shape.steps.unwrap().describe('All steps in order') })),
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => addScoringSteps(requireTenant(ctx).table, path.id, body.steps, ctx.deps.clock.now()),
  guidance: (r) => ({ next: 'tasks_start', why: "Run the steps over the task's company list.", check: `POST /tasks/${r.id}/scoring-results/retry {}` }),
});
export const handler = lambdaHandler(operation);
