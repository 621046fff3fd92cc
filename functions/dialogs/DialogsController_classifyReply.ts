import * as z from 'zod';
import { classifyDialog } from '../../shared/mailing/dialogs/dialogs.js';
import { CLASSIFICATIONS } from '../../shared/mailing/dialogs/entities.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { classifyOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'DialogsController_classifyReply',
  method: 'POST',
  path: '/api/dialogs/{id}/classify',
  tag: 'dialogs',
  summary: 'Classify the latest reply of a dialog',
  description:
    `Classes: ${CLASSIFICATIONS.join(', ')}, with a confidence 0..1 (builtin rules; the configured AI provider when there is one). ` +
    'Body {classification?} sets it by hand instead. unsubscribe_request suppresses the address and stops its sequences. Repeat-safe. Paid: ai_generation, only when the AI provider answered (method ai; rules and manual are free); 402 insufficient_balance before the provider is asked, nothing stored.',
  access: 'tenant',
  billing: 'ai_generation',
  scope: 'crm:write',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({ classification: z.enum(CLASSIFICATIONS).optional().describe('Set by hand (method manual)') }),
  },
  output: classifyOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) =>
    classifyDialog(ctx.deps, requireTenant(ctx), path.id, body.classification ? { classification: body.classification } : undefined),
  guidance: (r) => ({
    next: r.classification === 'interested' || r.classification === 'later' ? 'DialogsController_createLead' : 'DialogsController_generateReply',
    why: `Classified ${r.classification} (${r.method}, confidence ${r.confidence}).`,
  }),
});
export const handler = lambdaHandler(operation);
