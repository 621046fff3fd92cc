import * as z from 'zod';

/** Success answers of the notifications operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
/** One notification, as get, self-note and the list answer it. */
export const notificationOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  createdBy: z.looseObject({
    userId: z.string().nullable().describe('User id; null for a system notification'),
    keyId: z.string().nullable().describe('API key id; null when not written with a key'),
    channel: z.string(),
  }),
});

export const notifications_getOutput = notificationOutput;

export const notifications_listOutput = z.looseObject({
  data: z.array(notificationOutput).describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const notifications_self_noteOutput = notificationOutput;
