import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { intakeBrief } from '../../shared/mailing/briefs/briefs.js';
import { LOCK_PATH } from '../../shared/mailing/briefs/schema.js';
import { lambdaHandler } from '../lambda.js';
import { briefOutput } from './shared.js';

export const operation = defineOperation({
  operationId: 'briefs_intake',
  method: 'POST',
  path: '/api/briefs',
  tag: 'briefs',
  summary: 'Create a brief from a short description',
  description:
    'Body {description, name?, targetCompanyListId?, content?, variables?, locks?}. The description seeds content.product.description; icp.nonTargetRoles gets default roles ' +
    'and email prefixes unless given. content/variables are validated against BriefsController_getSchemas (400 listing paths). Revision 1.',
  access: 'tenant',
  scope: 'creatives:write',
  input: {
    body: z.strictObject({
      description: z.string().trim().min(1).max(5000),
      name: z.string().trim().min(1).max(200).optional(),
      targetCompanyListId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_-]+$/)
        .optional(),
      content: z.record(z.string(), z.unknown()).optional(),
      variables: z.record(z.string(), z.unknown()).optional(),
      locks: z.array(z.string().regex(LOCK_PATH, 'locks must be JSON Pointers under /content or /variables')).max(50).optional(),
    }),
  },
  output: briefOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => intakeBrief(requireTenant(ctx).table, body, ctx.deps.clock.now(), requirePrincipal(ctx).userId ?? 'unknown'),
  guidance: (b) => ({ next: 'briefs_expert', why: 'Review what the brief still misses before writing creatives.', check: `POST /api/briefs/${b.id}/expert` }),
});
export const handler = lambdaHandler(operation);
