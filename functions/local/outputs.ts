import * as z from 'zod';

/** Success answers of the local operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const local_clock_advanceOutput = z.looseObject({
  now: z.string(),
  offsetMs: z.number(),
});

export const local_outbox_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string().nullable(),
        links: z.looseObject({
          confirm: z.string().optional(),
          acceptTerms: z.string().optional(),
          terms: z.string().optional(),
          verify: z.string().optional(),
          console: z.string().optional(),
        }),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      }),
    )
    .describe('The items of this page'),
});
