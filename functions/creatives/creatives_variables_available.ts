import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { availableVariables } from '../../shared/mailing/creatives/variables-available.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'creatives_variables_available',
  method: 'GET',
  path: '/api/creatives/variables',
  tag: 'creatives',
  summary: 'Variable names a creative may use, with examples',
  description:
    "Every {{name}} of the template language: contact fields, company.<field>, and cf.<slug> for this workspace's custom fields, each with an example value " +
    'from the newest contacts/companies (null when none has one). Syntax: {{name}}, {{name|fallback}}, spintax {a|b|c}, escapes \\{ \\} \\|.',
  access: 'tenant',
  scope: 'creatives:read',
  input: {},
  output: z.looseObject({
    data: z.array(
      z.looseObject({ name: z.string(), source: z.enum(['contact', 'company', 'custom_field']), example: z.string().nullable(), label: z.string().optional() }),
    ),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => ({ data: await availableVariables(requireTenant(ctx).table) }),
  guidance: () => ({ next: 'creatives_create', why: 'Use these names in subject/bodyHtml; add a fallback for fields that may be empty.' }),
});
export const handler = lambdaHandler(operation);
