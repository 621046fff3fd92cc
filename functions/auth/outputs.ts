import * as z from 'zod';

/** Success answers of the auth operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const auth_loginOutput = z.looseObject({
  accountId: z.string().describe('Account id'),
  userId: z.string().nullable().describe('User id'),
  email: z.string().describe('Email address'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable().describe('null when the registration gave none'),
  status: z.string(),
  tenantId: z.string().nullable().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  expiresAt: z.string(),
});

export const auth_registerOutput = z.looseObject({
  api_key: z.string(),
  status: z.string(),
  email: z.string().describe('Email address'),
  next: z.string(),
});

export const auth_signup_questionnaireOutput = z.looseObject({
  status: z.string(),
  revision: z.number(),
  submittedAt: z.string(),
  checks: z.looseObject({
    domain: z.string(),
    checkedAt: z.string(),
    passed: z.boolean(),
    reasons: z.array(z.string()),
    businessMailbox: z.looseObject({
      passed: z.boolean(),
    }),
    mx: z.looseObject({
      passed: z.boolean(),
      hosts: z.array(z.string()),
    }),
    mxAlignment: z.looseObject({
      passed: z.boolean(),
      resolvingHosts: z.array(z.string()),
    }),
    website: z.looseObject({
      passed: z.boolean(),
      url: z.string().nullable().describe('The address that answered; null when no site answered'),
      status: z.number().nullable().describe('Its HTTP status; null when no site answered'),
    }),
    websiteMatchesDomain: z
      .looseObject({
        passed: z.boolean(),
        host: z.string(),
      })
      .optional(),
  }),
});

export const auth_verify_emailOutput = z.looseObject({
  status: z
    .enum(['ACTIVE', 'PENDING'])
    .describe(
      'ACTIVE: checks passed, tenant created, the key works (Location: the web app sign-in). PENDING: answer the questionnaire (Location: the web app questionnaire, carrying signup_token)',
    ),
  tenantId: z.string().optional().describe('The new workspace (ACTIVE only)'),
  signup_token: z.string().optional().describe('For POST /api/auth/signup-questionnaire (PENDING only)'),
  checks: z.unknown().optional().describe('The automatic checks and their verdicts'),
});

export const auth_password_reset_requestOutput = z.looseObject({
  message: z.string().describe('The same answer whether or not the address has an account'),
});

export const auth_password_reset_confirmOutput = z.looseObject({
  accountId: z.string().describe('Account id'),
  email: z.string().describe('Email address'),
  expiresAt: z.string().describe('When the new session ends'),
});
