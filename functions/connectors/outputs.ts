import * as z from 'zod';

/** Success answers of the connectors operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const connectors_registry_nameOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        name: z.string(),
        inn: z.string(),
        ogrn: z.string(),
        address: z.string().nullable(),
        status: z.string(),
      }),
    )
    .describe('The items of this page'),
});

export const connectors_tilda_webhookOutput = z.looseObject({
  ok: z.boolean(),
  test: z.boolean().optional(),
  duplicate: z.boolean().optional(),
  contactId: z.string().optional().describe('Contact id'),
  leadId: z.string().optional(),
  contactReused: z.boolean().optional(),
});

export const connectors_tokens_createOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  connector: z.string(),
  name: z.string().nullable(),
  tokenHint: z.string(),
  status: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  token: z.string(),
  webhookUrl: z.string(),
});

export const connectors_tokens_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        connector: z.string(),
        name: z.string().nullable().describe('null when none was given'),
        tokenHint: z.string(),
        status: z.string(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
        revokedAt: z.string().nullable(),
        lastUsedAt: z.string().nullable(),
      }),
    )
    .describe('The items of this page'),
  pageSize: z.number().describe('Page size applied'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const connectors_tokens_revokeOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  connector: z.string(),
  name: z.string().nullable(),
  tokenHint: z.string(),
  status: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  revokedAt: z.string(),
  lastUsedAt: z.string(),
});
