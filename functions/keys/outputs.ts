import * as z from 'zod';

/** Success answers of the API key operations. */
export const apiKeyView = z.looseObject({
  id: z.string().describe('Key id (not the secret)'),
  name: z.string().nullable().describe('What the key is for; null for the key issued at signup'),
  scopes: z.array(z.string()).describe('Permission scopes; `*` = every scope the account holds'),
  keyHint: z.string().nullable().describe('The last 4 characters of the secret, to recognise it'),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('The key id that created it, or `session` when a person did in the web app'),
  lastUsedAt: z.string().nullable().describe('Last authenticated use, to within 15 minutes'),
  revokedAt: z.string().nullable(),
  status: z.enum(['ACTIVE', 'REVOKED']),
});

export const keys_createOutput = apiKeyView.extend({ key: z.string().describe('The secret (svc_pk_…): shown only in this answer, stored as a SHA-256 hash') });
export const keys_listOutput = z.looseObject({ data: z.array(apiKeyView), pageSize: z.number(), nextCursor: z.string().nullable() });
export const keys_revokeOutput = apiKeyView;
