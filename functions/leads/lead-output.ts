import * as z from 'zod';

/** A lead as the leads operations answer it; its own file so that the companies outputs (a company's leads) can use it without a cycle. */
export const Lead = z.looseObject({
  id: z.string().describe('Identifier'),
  contactId: z.string().describe('Contact id'),
  companyId: z.string().nullable().describe('Company id (null when none)'),
  pipelineId: z.string().describe('Pipeline id'),
  stageId: z.string().describe('Pipeline stage id'),
  status: z.string(),
  title: z.string().nullable(),
  value: z.number().nullable().describe('Deal value (null when not set)'),
  currency: z.string().nullable(),
  interest: z.string(),
  source: z.string(),
  sourceRef: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
  stageEnteredAt: z.string(),
  closedAt: z.string().nullable(),
});
