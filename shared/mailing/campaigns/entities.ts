import * as z from 'zod';
import { defineEntity, type ItemOf } from '../../platform/data/entity.js';
import { SendWindowSchema } from '../../workspace/settings/send-window.js';

/**
 * Tenant-table entities of campaigns (one partition per campaign: the campaign, its recipients, its
 * preparations, its activity log and its owner-test requests).
 *
 * - campaign:    CAMPAIGN#<id> / CAMPAIGN                 (gsi1: CAMPAIGNS / <createdAt>#<id>)
 * - recipient:   CAMPAIGN#<id> / RCPT#<contactId>         (gsi1: CRCPT#<id>#<status> / <contactId>: one partition per state)
 * - generation:  CAMPAIGN#<id> / GEN#<generationId>       a PLATFORM preparation run
 * - activity:    CAMPAIGN#<id> / ACT#<at>#<activityId>    the campaign log (actor, action, reason)
 * - test:        CAMPAIGN#<id> / TESTREQ#<keyHash>        owner-address test per requestKey (→ its send task)
 * - snapshot:    OUTBOXSNAP#<id> / OUTBOXSNAP             a skip preview's frozen selection
 */
export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'BLOCKED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const RENDER_MODES = ['PLATFORM', 'BYOC'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];
export const RECIPIENT_STATUSES = ['NEW', 'SCREENED', 'SKIPPED', 'READY', 'CREATIVE_FAILED', 'SENT'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** Why a campaign's preparation or sends are held (operational status, not a state of the campaign). */
export const CAMPAIGN_BLOCKERS = ['AI_STAGES_HALTED', 'AUDIT_EXHAUSTED'] as const;

/** Who acted on a campaign: a key, a user, the system (conveyor) or a platform admin (never a secret). */
export const actorSchema = z.looseObject({ kind: z.string().describe('key, user, system, platform-admin ...'), id: z.string().optional() });

/**
 * The per-state recipient counters `rc_<STATE>` (recipients.ts stateCountAttr), ADDed in the same
 * transaction that moves a recipient; answered as `recipients` by the reads that count, never as themselves.
 */
const stateCounters = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [`rc_${s}`, z.number().optional()])) as {
  [S in RecipientStatus as `rc_${S}`]: z.ZodOptional<z.ZodNumber>;
};

/** A campaign: its attributes are what the campaign operations answer (`Campaign.output`, with `id`). */
export const Campaign = defineEntity({
  entity: 'campaign',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'CAMPAIGN' },
    byCreated: { index: 'gsi1', pk: 'CAMPAIGNS', sk: '${createdAt}#${campaignId}' },
  },
  attributes: {
    campaignId: z.string().describe('Same as id'),
    name: z.string(),
    renderMode: z.enum(RENDER_MODES).describe('PLATFORM: AI render billed per email; BYOC: you submit renders'),
    creativeIds: z.array(z.string()).describe('Iterations of the audit rotate through them'),
    briefId: z.string().nullable().describe('The brief whose icp.nonTargetRoles screen the audience (null when none)'),
    sendWindow: SendWindowSchema.optional().describe("The campaign's own window; absent: the workspace's (sendReadiness says which)"),
    senderConfig: z
      .looseObject({
        accountId: z.string().describe('Sender mailbox'),
        tracking: z.boolean().optional().describe('Open pixel and click redirect (default true)'),
      })
      .optional()
      .describe('Absent: the first mailbox that can send'),
    status: z.enum(CAMPAIGN_STATUSES).describe('DRAFT until the first send; PAUSED with pauseReason; BLOCKED = manual moderation'),
    label: z.string().nullable().describe('CAMPAIGN_DRAFT while a draft: a label, never an activation'),
    pauseReason: z.string().nullable().describe('manual, insufficient_balance, sender_*, moderation_released ... (null unless PAUSED)'),
    pausedBy: actorSchema.nullable().describe('Who paused it (null when it is not paused by anyone)'),
    operationalState: z.enum(['NORMAL', 'DEGRADED']).describe('DEGRADED: AI stages halted (render, tier-2 audit); READY emails keep sending'),
    primaryBlocker: z.enum(CAMPAIGN_BLOCKERS).nullable().describe('What holds the campaign (null when nothing)'),
    pipeline: z
      .looseObject({
        retryAt: z.string().nullable().describe('When the AI stages are retried by themselves (ISO 8601)'),
        lastError: z.string().nullable(),
        provider: z.string().nullable().describe('The AI provider that failed'),
      })
      .nullable()
      .describe('The AI outage while DEGRADED (null otherwise)'),
    auditIterations: z.number().describe('Audit iterations so far: 5 × the recipients not skipped blocks the campaign'),
    recipientCount: z.number().optional().describe('Recipients poured (absent before the first pour)'),
    skippedCount: z.number().optional().describe('Recipients skipped at screen (the audit budget is 5 × (recipientCount − skippedCount))'),
    activeGenerationId: z.string().nullable().describe('The latest PLATFORM preparation (campaigns_preparations_status)'),
    guaranteeAcceptanceId: z.string().nullable().describe('The campaign_guarantee acceptance recorded at create'),
    aiRecoveredAt: z.string().nullable().describe('When AI failures were last moved back to SCREENED'),
    activatedAt: z.string().optional().describe('The first send (absent while it never sent)'),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
    version: z.number().describe('Revision: +1 on every change'),
    /** Set at create: the item carries the per-state counters; older items are counted by reading their recipients. */
    stateCounters: z.boolean().optional(),
    ...stateCounters,
  },
  internal: ['stateCounters', 'rc_NEW', 'rc_SCREENED', 'rc_SKIPPED', 'rc_READY', 'rc_CREATIVE_FAILED', 'rc_SENT'],
});

export const Recipient = defineEntity({
  entity: 'campaign_recipient',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'RCPT#${contactId}' },
    byStatus: { index: 'gsi1', pk: 'CRCPT#${campaignId}#${status}', sk: '${contactId}' },
  },
});

export const Generation = defineEntity({
  entity: 'campaign_generation',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'GEN#${generationId}' } },
});

/** One line of the campaign log (CampaignsController_activity answers it with `id` for activityId). */
export const Activity = defineEntity({
  entity: 'campaign_activity',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'ACT#${at}#${activityId}' } },
  attributes: {
    campaignId: z.string(),
    activityId: z.string(),
    at: z.string().describe('ISO 8601 time'),
    actor: actorSchema.describe('Who acted'),
    action: z.string().describe('created, preparation_started, activated, send, paused, resumed, degraded, ai_recovered, blocked, recipients_confirmed ...'),
    reason: z.string().nullable().describe('Why (e.g. manual, insufficient_balance); null when none'),
    detail: z.record(z.string(), z.unknown()).describe('What else the action recorded (note, limit, generationId ...)'),
  },
  internal: ['campaignId'],
  defaults: { detail: {} },
});

export const TestRequest = defineEntity({
  entity: 'campaign_test_request',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'TESTREQ#${keyHash}' } },
});

export const OutboxSnapshot = defineEntity({
  entity: 'outbox_snapshot',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'OUTBOXSNAP#${snapshotId}', sk: 'OUTBOXSNAP' } },
});

/** Audit limits of the spec: 5 iterations per recipient; 5 × the recipient count blocks the campaign. */
export const MAX_AUDIT_ITERATIONS = 5;

/** A campaign as stored: its declared attributes (a nullable one may be absent from an item written before it existed). */
export type CampaignRecord = ItemOf<typeof Campaign>;

export interface RecipientRecord {
  campaignId: string;
  contactId: string;
  email: string;
  companyId: string | null;
  status: RecipientStatus;
  reason: string | null;
  country: string | null;
  geoPolicy: GeoPolicy | null;
  auditIterations: number;
  /** Whether the audit of iteration `auditIterations` passed: a step killed before it moved the recipient to READY redoes that iteration (its charges are once-keyed), not a new one. */
  lastAuditPassed?: boolean;
  auditCategories: string[];
  failureReason: string | null;
  content: { subject: string; html: string; text?: string } | null;
  /** RU (manual confirm): the recorded prior consent that lets the screen pass it (campaigns_confirm_recipients). */
  consent?: RecipientConsent | null;
  createdAt: string;
  updatedAt: string;
}

export interface RecipientConsent {
  confirmedBy: { kind: string; id?: string };
  confirmedAt: string;
  evidence: string;
}

export const GEO_POLICIES = ['allowed', 'gdpr_disclosed', 'opt_in_only', 'manual_confirm', 'unknown'] as const;
export type GeoPolicy = (typeof GEO_POLICIES)[number];

/** One address per campaign: a second contact with the same email is a `duplicate` at pour time. */
export const RecipientEmail = defineEntity({
  entity: 'campaign_recipient_email',
  version: 1,
  table: 'tenant',
  freeText: ['email'],
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'REMAIL#${email}' } },
});
