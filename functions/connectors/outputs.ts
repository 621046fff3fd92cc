import * as z from 'zod';
import { FORM_CONNECTORS } from '../../shared/crm/connectors/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the connectors operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const connectors_registry_nameOutput = checkedOutput(
  z.looseObject({
    data: z
      .array(
        z.looseObject({
          name: z.string().describe('Company name as the registry spells it'),
          inn: z.string().nullable().describe('INN (taxpayer number; null when the registry gives none): create or dedupe companies by it'),
          ogrn: z.string().nullable().describe('OGRN (state registration number; null when the registry gives none)'),
          address: z.string().nullable(),
          // DaData's own value, passed through: a string, so that a status it adds is still answered.
          status: z.string().nullable().describe('Registry status: ACTIVE, LIQUIDATING, LIQUIDATED, BANKRUPT or REORGANIZING (null when not given)'),
        }),
      )
      .describe('Registry matches, best first (at most `count`)'),
  }),
);

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

export const connectors_tokens_revokeOutput = checkedOutput(
  z.looseObject({
    id: z.string().describe('Connector token id'),
    connector: z.enum(FORM_CONNECTORS).describe('The form builder the token is for'),
    name: z.string().nullable().describe('null when none was given'),
    tokenHint: z.string().describe('The last characters of the token'),
    status: z.enum(['ACTIVE', 'REVOKED']).describe('REVOKED once revoked'),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    revokedAt: z.string().nullable().describe('ISO 8601 time of the first revocation'),
    lastUsedAt: z.string().nullable().describe('ISO 8601 time of the last accepted call (null when never used)'),
  }),
);
