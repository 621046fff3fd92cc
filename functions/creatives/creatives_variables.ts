import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCreative } from '../../shared/mailing/creatives/creatives.js';
import { usedVariables } from '../../shared/mailing/creatives/variables-available.js';
import { lambdaHandler } from '../lambda.js';
import { creativeIdParam } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_variables',
  method: 'GET',
  path: '/api/creatives/{id}/variables',
  tag: 'creatives',
  summary: 'Variables one creative uses',
  description: "The {{names}} in the creative's subject and bodyHtml; `unknown` lists names that are not variables of the language (likely typos).",
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: creativeIdParam },
  output: z.looseObject({ creativeId: z.string(), variables: z.array(z.string()), unknown: z.array(z.string()).describe('Names no recipient can resolve') }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => ({ creativeId: path.id, ...usedVariables(await getCreative(requireTenant(ctx).table, path.id)) }),
  guidance: (r) =>
    r.unknown.length
      ? { next: 'creatives_update', why: `Unknown names: ${r.unknown.join(', ')}.` }
      : { next: 'creatives_preview', why: 'Check the values with a real recipient.' },
});
export const handler = lambdaHandler(operation);
