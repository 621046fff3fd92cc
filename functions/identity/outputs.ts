import * as z from 'zod';

/** Success answers of the identity operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const v1_healthOutput = z.looseObject({
  status: z.string(),
  version: z.string(),
  time: z.string(),
  checks: z
    .looseObject({
      database: z.string().describe('"ok", or "unavailable" while the data store does not answer (the answer is then 503 with Retry-After)'),
    })
    .describe('One entry per dependency'),
});

export const v1_meOutput = z.looseObject({
  flow: z.string(),
  email: z.string().describe('Email address'),
  scope: z.string(),
  moderation_status: z.string(),
  quota: z.looseObject({
    monthly: z.number(),
    used: z.number(),
    remaining: z.number(),
    resets_at: z.string(),
  }),
  state: z.string().optional(),
  status: z.string().optional(),
  created_at: z.string(),
  tenant_id: z.string().optional(),
});

export const v1_messages_sendOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  status: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  quota: z.looseObject({
    monthly: z.number(),
    used: z.number(),
    remaining: z.number(),
    resets_at: z.string(),
  }),
});

export const v1_signupOutput = z.looseObject({
  api_key: z.string(),
  flow: z.string(),
  scope: z.string(),
  next: z.string(),
});

export const v1_signup_accept_termsOutput = z.looseObject({
  state: z.string(),
  email: z.string().describe('Email address'),
  acceptance: z.looseObject({
    id: z.string().describe('Identifier'),
    docKey: z.string(),
    version: z.string(),
    context: z.string(),
    refId: z.string().nullable(),
    acceptedAt: z.string(),
  }),
  next: z.string(),
});

export const v1_signup_confirmOutput = z.looseObject({
  state: z.string(),
  email: z.string().describe('Email address'),
  next: z.string(),
});

export const v1_signup_termsOutput = z.looseObject({
  key: z.string(),
  title: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  summary: z.string(),
  body: z.string(),
  format: z.string(),
});
