import { defineEntity } from '../../platform/data/entity.js';

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
export const Campaign = defineEntity({
  entity: 'campaign',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'CAMPAIGN' },
    byCreated: { index: 'gsi1', pk: 'CAMPAIGNS', sk: '${createdAt}#${campaignId}' },
  },
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

export const Activity = defineEntity({
  entity: 'campaign_activity',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'ACT#${at}#${activityId}' } },
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

export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'BLOCKED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const RENDER_MODES = ['PLATFORM', 'BYOC'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];
export const RECIPIENT_STATUSES = ['NEW', 'SCREENED', 'SKIPPED', 'READY', 'CREATIVE_FAILED', 'SENT'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Audit limits of the spec: 5 iterations per recipient; 5 × the recipient count blocks the campaign. */
export const MAX_AUDIT_ITERATIONS = 5;

export interface CampaignRecord {
  campaignId: string;
  name: string;
  renderMode: RenderMode;
  creativeIds: string[];
  briefId: string | null;
  sendWindow?: import('../../workspace/settings/send-window.js').SendWindow;
  senderConfig?: { accountId: string; tracking?: boolean };
  status: CampaignStatus;
  label: string | null;
  pauseReason: string | null;
  operationalState: 'NORMAL' | 'DEGRADED';
  primaryBlocker: string | null;
  pipeline: { retryAt: string | null; lastError: string | null; provider: string | null } | null;
  auditIterations: number;
  /** Poured recipients and those skipped at screen (ADD counters): the audit budget is 5 × (recipientCount − skippedCount). */
  recipientCount?: number;
  skippedCount?: number;
  /**
   * Set at create: the item carries per-state recipient counters `rc_<STATE>` (NEW, SCREENED, ...),
   * ADDed in the same transaction that moves a recipient (recipients.ts moveRecipients). Older items
   * without it are counted by reading their recipients.
   */
  stateCounters?: boolean;
  activeGenerationId: string | null;
  guaranteeAcceptanceId: string | null;
  aiRecoveredAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

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

export type GeoPolicy = 'allowed' | 'gdpr_disclosed' | 'opt_in_only' | 'manual_confirm' | 'unknown';

/** One address per campaign: a second contact with the same email is a `duplicate` at pour time. */
export const RecipientEmail = defineEntity({
  entity: 'campaign_recipient_email',
  version: 1,
  table: 'tenant',
  freeText: ['email'],
  keys: { primary: { pk: 'CAMPAIGN#${campaignId}', sk: 'REMAIL#${email}' } },
});
