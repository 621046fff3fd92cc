import * as z from 'zod';
import type { OperationContext } from '../../shared/platform/runtime/context.js';
import { SendWindowPatchSchema } from '../../shared/workspace/settings/send-window.js';
import { Campaign, RECIPIENT_STATUSES } from '../../shared/mailing/campaigns/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'id must be an id');

/** Path `{id}` of campaign operations. */
export const campaignIdPath = z.strictObject({ id });

export const senderConfigSchema = z
  .strictObject({
    accountId: id.describe('Sender mailbox (EmailAccountsController_list); default: the first mailbox that can send'),
    tracking: z.boolean().optional().describe('Open pixel and click redirect (default true)'),
  })
  .describe('Changing it needs X-SDR-Capability-Receipt');

export const campaignCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  renderMode: z.enum(['PLATFORM', 'BYOC']).default('PLATFORM').describe('PLATFORM: AI render billed per email (platform_render); BYOC: you submit renders'),
  creativeIds: z.array(id).max(20).default([]).describe('Required for PLATFORM; iterations of the audit rotate through them'),
  briefId: id.optional().describe("The brief whose icp.nonTargetRoles screen the audience (default: the first creative's brief)"),
  sendWindow: SendWindowPatchSchema.optional().describe('Omitted fields take a safe default; enabled:false = 24/7. Needs X-SDR-Capability-Receipt'),
  senderConfig: senderConfigSchema.optional(),
});

export const campaignPatchBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  creativeIds: z.array(id).max(20).optional(),
  sendWindow: SendWindowPatchSchema.optional().describe('Atomic merge: omitted fields are kept. Needs X-SDR-Capability-Receipt'),
  senderConfig: senderConfigSchema.optional(),
});

/** A campaign as answered: its id and the attributes declared on the entity (shared/mailing/campaigns/entities.ts). */
export const campaignOutput = checkedOutput(z.looseObject({ id: z.string().describe('Identifier'), ...Campaign.output.shape }));

/** Recipients per state, from the campaign's counters. */
export const recipientCountsOutput = z
  .looseObject(Object.fromEntries(RECIPIENT_STATUSES.map((st) => [st, z.number()])) as Record<(typeof RECIPIENT_STATUSES)[number], z.ZodNumber>)
  .describe('Recipients per state');

export const campaignListOutput = checkedOutput(
  z.looseObject({
    data: z.array(campaignOutput).describe('The items of this page'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});

export const recipientsQuery = z.strictObject({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  reason: z
    .string()
    .max(64)
    .regex(/^[a-z_]+$/, 'reason must be a reason code')
    .optional()
    .describe('Only recipients with this reason, e.g. geo_manual_confirm (with status=SKIPPED): the RU recipients awaiting campaigns_confirm_recipients'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});

/** Who acted: the key or user behind the request (never a secret). */
export const actorOf = (ctx: OperationContext) => ({
  kind: ctx.principal?.kind ?? 'unknown',
  ...(ctx.principal?.keyId ? { id: ctx.principal.keyId } : ctx.principal?.userId ? { id: ctx.principal.userId } : {}),
});
