import * as z from 'zod';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the local operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const local_clock_advanceOutput = z.looseObject({
  now: z.string(),
  offsetMs: z.number(),
});

export const local_outbox_listOutput = checkedOutput(
  z.looseObject({
    data: z
      .array(
        z.looseObject({
          to: z.string().describe('Recipient address (lower-case)'),
          subject: z.string(),
          text: z.string().describe('Plain-text body'),
          html: z.string().nullable().describe('HTML body (null when the message has none)'),
          links: z
            .looseObject({
              confirm: z.string().optional(),
              acceptTerms: z.string().optional(),
              terms: z.string().optional(),
              verify: z.string().optional(),
              console: z.string().optional(),
            })
            .describe('The links the message carries, by purpose (confirm, acceptTerms, terms, verify, console, others)'),
          createdAt: z.string().describe('ISO 8601 time it was sent'),
        }),
      )
      .describe('Messages, newest first'),
  }),
);
