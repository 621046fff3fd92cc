import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { badRequest } from '../../shared/platform/errors.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { pour } from '../../shared/mailing/campaigns/recipients.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, id } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_pour',
  method: 'POST',
  path: '/api/campaigns/{id}/pour',
  tag: 'campaigns',
  summary: 'Pour an audience into a campaign',
  description:
    'Body exactly one of {listId} (static contact list), {companyListId} (the contacts of a company list), {allContacts:true}; an empty body pours the entire database. ' +
    'Each contact becomes a NEW recipient once; counts added, noEmail, duplicate (already in, or same address), inactiveChannel (unusable address), notFound. Safe to repeat.',
  access: 'tenant',
  scope: 'tasks:write',
  input: {
    path: campaignIdPath,
    body: z.strictObject({ listId: id.optional(), companyListId: id.optional(), allContacts: z.literal(true).optional() }).optional(),
  },
  output: z.looseObject({
    campaignId: z.string(),
    added: z.number().describe('New recipients (NEW)'),
    noEmail: z.number(),
    duplicate: z.number().describe('Already in, or the same address as another recipient'),
    inactiveChannel: z.number().describe('Address fails the syntax check'),
    notFound: z.number(),
    total: z.number().describe('Contacts of the source (at most 100,000)'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const given = Object.entries(body ?? {}).filter(([, v]) => v !== undefined);
    if (given.length > 1) throw badRequest(['exactly one of listId, companyListId, allContacts must be given']);
    return pour(ctx.deps, requireTenant(ctx).table, path.id, body ?? {});
  },
  guidance: (r, { path }) => ({
    next: 'CampaignsController_screen',
    why: `${r.added} recipients added: screen them (suppression, stop-list, geo, non-target roles) before any paid step.`,
    check: `POST /api/campaigns/${path.id}/screen`,
  }),
});
export const handler = lambdaHandler(operation);
