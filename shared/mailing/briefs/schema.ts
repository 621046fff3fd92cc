import * as z from 'zod';

/**
 * The brief document. Content and variables are JSON documents edited by RFC 7396 merge patches and
 * validated against these schemas after the merge (every field optional: a brief fills up over time;
 * unknown properties are refused so typos surface as a 400 with their path).
 */
const text = (max = 2000) => z.string().max(max);
const list = (max = 50, item = 300) => z.array(z.string().min(1).max(item)).max(max);

export const nonTargetRolesSchema = z.strictObject({
  roles: list(100, 100).optional().describe('Job roles never mailed (accounting, legal, HR, finance, secretary ...)'),
  emailPrefixes: list(200, 64).optional().describe('Local parts skipped as non_target_role (buh, hr, legal, jobs ...)'),
});

export const briefContentSchema = z.strictObject({
  product: z
    .strictObject({ name: text(200).optional(), description: text(5000).optional(), valueProposition: text(2000).optional(), website: text(500).optional() })
    .optional(),
  offer: text(2000).optional().describe('What the email proposes'),
  callToAction: text(500).optional(),
  icp: z
    .strictObject({
      industries: list().optional(),
      excludedIndustries: list().optional(),
      companySizes: list(20, 50).optional(),
      geographies: list(100, 100).optional(),
      targetRoles: list(100, 100).optional(),
      nonTargetRoles: nonTargetRolesSchema.optional().describe('Used by campaigns: matching addresses are skipped, free of charge'),
      painPoints: list().optional(),
    })
    .optional(),
  proofPoints: list(30, 1000).optional(),
  competitors: list(50, 200).optional(),
  tone: z.enum(['formal', 'neutral', 'friendly', 'direct']).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'language must be a code like en or ru')
    .optional(),
  constraints: list(50, 1000).optional().describe('Things the copy must never say or do'),
  sender: z
    .strictObject({ name: text(200).optional(), position: text(200).optional(), company: text(200).optional(), address: text(500).optional() })
    .optional(),
});

export const VARIABLE_NAME = /^[a-z][a-zA-Z0-9_]{0,47}$/;
export const briefVariablesSchema = z
  .record(z.string().regex(VARIABLE_NAME, 'variable names are camelCase identifiers'), z.union([z.string().max(5000), z.number(), z.boolean()]))
  .refine((v) => Object.keys(v).length <= 200, 'at most 200 variables');

export const MEMORY_KINDS = ['DECISION', 'OBSERVATION', 'QUESTION', 'REJECTED', 'NOISE'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** A lock is a JSON Pointer into the brief: `/content/...` or `/variables/...`. */
export const LOCK_PATH = /^\/(content|variables)(\/[^/]{1,100}){0,8}$/;

export const DEFAULT_NON_TARGET_ROLES = {
  roles: ['accounting', 'legal', 'hr', 'finance', 'secretary'],
  emailPrefixes: [
    'accounting',
    'buh',
    'bookkeeping',
    'legal',
    'law',
    'hr',
    'jobs',
    'careers',
    'resume',
    'finance',
    'billing',
    'invoice',
    'secretary',
    'reception',
  ],
};

export const briefSchemas = () => ({
  content: z.toJSONSchema(briefContentSchema),
  variables: z.toJSONSchema(briefVariablesSchema),
  memoryKinds: [...MEMORY_KINDS],
  lockPathPattern: LOCK_PATH.source,
});
