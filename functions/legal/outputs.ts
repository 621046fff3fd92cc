import * as z from 'zod';

/** Success answers of the legal operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const LegalController_getDocumentOutput = z.looseObject({
  key: z.string(),
  title: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  summary: z.string(),
  body: z.string(),
  format: z.string(),
});

export const LegalController_listAcceptancesOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        docKey: z.string(),
        version: z.string(),
        context: z.string(),
        refId: z.string().nullable(),
        accountId: z.string().describe('Account id'),
        acceptedAt: z.string(),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const LegalController_listDocumentsOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        key: z.string(),
        title: z.string(),
        version: z.string(),
        effectiveDate: z.string(),
        summary: z.string(),
        path: z.string(),
      }),
    )
    .describe('The items of this page'),
});

export const LegalController_recordAcceptanceOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  docKey: z.string(),
  version: z.string(),
  context: z.string(),
  refId: z.string().nullable(),
  acceptedAt: z.string(),
});
