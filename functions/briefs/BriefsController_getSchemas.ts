import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { briefSchemas } from '../../shared/mailing/briefs/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'BriefsController_getSchemas',
  method: 'GET',
  path: '/api/briefs/schemas',
  tag: 'briefs',
  summary: 'JSON Schemas of brief content and variables',
  description:
    'JSON Schema (draft 2020-12) of content and variables, the memory kinds and the lock path pattern. Patches are validated against these after merging.',
  access: 'tenant',
  scope: 'creatives:read',
  input: {},
  output: z.looseObject({
    content: z.record(z.string(), z.unknown()),
    variables: z.record(z.string(), z.unknown()),
    memoryKinds: z.array(z.string()),
    lockPathPattern: z.string(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async () => briefSchemas(),
  guidance: () => ({ next: 'briefs_intake', why: 'Create a brief; then edit it with merge patches.' }),
});
export const handler = lambdaHandler(operation);
