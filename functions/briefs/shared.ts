import * as z from 'zod';

export const briefIdParam = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'id must be an id'),
});
export const pageQuery = { pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().max(2000).optional() };

export const briefOutput = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().describe('The short description given at intake'),
  targetCompanyListId: z.string().nullable(),
  content: z
    .record(z.string(), z.unknown())
    .describe('Brief content (JSON Schema: BriefsController_getSchemas); icp.nonTargetRoles {roles, emailPrefixes} is used by campaigns'),
  variables: z.record(z.string(), z.unknown()),
  locks: z.array(z.string()).describe('JSON Pointers (/content/..., /variables/...) that patches may not change'),
  revision: z.number().describe('Incremented on every change; history: BriefsController_listRevisions'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Body of updateContent / updateVariables: an RFC 7396 merge patch and an optional reason. */
export const patchBody = z.strictObject({
  patch: z.record(z.string(), z.unknown()).describe('RFC 7396 JSON merge patch: objects merge, null removes, other values replace'),
  reason: z.string().max(1000).optional(),
});
