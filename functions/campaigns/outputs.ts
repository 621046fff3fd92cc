import * as z from 'zod';
import { CAMPAIGN_BLOCKERS, CAMPAIGN_STATUSES, GEO_POLICIES, RECIPIENT_STATUSES } from '../../shared/mailing/campaigns/entities.js';
import { ITEM_STATUSES, TASK_STATUSES } from '../../shared/mailing/tasks/entities.js';
import { SendWindowSchema } from '../../shared/workspace/settings/send-window.js';
import { recipientCountsOutput } from './schema.js';

/** Success answers of the campaign operations besides the campaign itself (schema.ts: campaignOutput). */

export const aiRecoveryOutput = z.looseObject({
  reset: z.number().describe('Recipients moved CREATIVE_FAILED → SCREENED (0 is not a failure)'),
  reason: z.enum(['retried', 'already_recovered', 'nothing_to_retry', 'same_provider']),
  failureReasons: z.record(z.string(), z.number()).describe('CREATIVE_FAILED recipients by failure reason (ai_unavailable, audit_failed ...)'),
  retryAt: z.string().nullable().optional().describe('same_provider: when the provider may be tried again (ISO 8601; null when unknown)'),
});

export const generationOutput = z.looseObject({
  generationId: z.string(),
  campaignId: z.string(),
  status: z.enum(['running', 'completed', 'failed']).describe('Poll campaigns_preparations_status until completed or failed'),
  error: z.string().nullable().describe('Why it stopped: AI_STAGES_HALTED, insufficient_balance, campaign_blocked, stalled ...'),
  processed: z.number(),
  ready: z.number().describe('Recipients made READY'),
  failed: z.number().describe('Recipients made CREATIVE_FAILED'),
  startedAt: z.string().describe('ISO 8601'),
  finishedAt: z.string().nullable().describe('ISO 8601; null while running'),
});

/** The window that governs the campaign's sends. */
export const effectiveOutput = z.looseObject({
  sendWindow: z.looseObject({
    source: z.enum(['campaign', 'workspace', 'default']).describe("The campaign's own window, else the workspace's, else the default"),
    configured: SendWindowSchema,
    windowOpen: z.boolean(),
    nextOpenAt: z.string().nullable().describe('ISO 8601; null while open or when it never opens'),
  }),
});

const providerStats = z.looseObject({
  sent: z.number(),
  delivered: z.number().describe('Accepted'),
  bounced: z.number().describe('5xx refusals'),
  bounceRate: z.number().nullable(),
});

export const readinessOutput = z.looseObject({
  campaignId: z.string(),
  ready: z.boolean().describe('Every blocking gate passed'),
  blockers: z.array(z.string()).describe('Reason codes of failed gates'),
  gates: z.array(
    z.looseObject({
      gate: z.string().describe('campaign_status, sender, recipients, balance, legal, compliance_footer'),
      ok: z.boolean(),
      reasonCode: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()).optional().describe('What the gate read (status, mailbox, balance ...)'),
    }),
  ),
  effective: effectiveOutput,
  trackingDomain: z.looseObject({ ok: z.boolean(), domain: z.string().nullable(), advice: z.string().nullable() }),
  placement: z
    .looseObject({
      accountId: z.string().nullable().describe('The sender mailbox (null: none)'),
      mailbox: z.string().optional(),
      days: z.number().describe('Days measured (UTC, today included)'),
      from: z.string().optional().describe('First day measured (YYYY-MM-DD)'),
      measuredSends: z.number().optional(),
      byProvider: z.record(z.string(), providerStats),
      flagged: z.array(providerStats.extend({ provider: z.string() })).describe('Providers refusing 5% or more'),
      step: z.enum(['no_sender', 'first_send', 'fix_relay', 'measure', 'scale']),
      advice: z.string(),
    })
    .describe("Advice from the sender's measured placement per provider"),
  recipients: recipientCountsOutput,
});

export const testTaskOutput = z.looseObject({
  taskId: z.string(),
  campaignId: z.string(),
  status: z.enum(TASK_STATUSES).describe("The test's own send task"),
  to: z.string().nullable().describe('Always the verified owner address'),
  item: z
    .looseObject({
      status: z.enum(ITEM_STATUSES),
      messageId: z.string().nullable(),
      smtp: z.looseObject({ outcome: z.string(), code: z.number(), response: z.string() }).nullable().describe('The last SMTP answer'),
    })
    .nullable()
    .describe('The test email (null before it is queued)'),
  decision: z.looseObject({
    reasonCode: z.string().describe('sent, queued, sending, outside_send_window, insufficient_balance, sender_*, bounced, failed'),
    nextAction: z.string(),
  }),
  retryAt: z.string().nullable().describe('When to look again (ISO 8601)'),
});

export const outboxTaskOutput = z.looseObject({
  id: z.string().describe('<taskId>~<contactId>: the id skip preview takes'),
  taskId: z.string(),
  contactId: z.string(),
  email: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  attemptNumber: z.number(),
  attemptLimit: z.number(),
  issuedAt: z.string(),
  leaseDeadline: z.string().nullable(),
  workerId: z.string().nullable(),
  profileId: z.string().nullable().describe('Sender mailbox id'),
  reasonCode: z.string().nullable(),
  messageId: z.string().nullable(),
  history: z.array(z.looseObject({ at: z.string(), event: z.string(), detail: z.unknown().optional() })),
});

const totalUnique = z.looseObject({ total: z.number(), unique: z.number() });
export const metricsOutput = z.looseObject({
  campaignId: z.string(),
  sent: z.number().describe('Handed to SMTP (delivered + bounced)'),
  delivered: z.number().describe('Accepted'),
  bounced: z.number(),
  opened: totalUnique,
  clicked: totalUnique,
  replied: totalUnique,
  unsubscribed: z.number(),
  queued: z.number(),
  failed: z.number(),
  rates: z.looseObject({ openRate: z.number(), clickRate: z.number(), replyRate: z.number() }).describe('Unique opens, clicks and replies per send (0..1)'),
});

const perPolicy = <T extends z.ZodType>(t: T) => z.looseObject(Object.fromEntries(GEO_POLICIES.map((p) => [p, t])) as Record<(typeof GEO_POLICIES)[number], T>);
export const geoRiskOutput = z.looseObject({
  campaignId: z.string(),
  total: z.number(),
  byPolicy: perPolicy(z.number()).describe('Recipients per geo policy'),
  byCountry: z.record(z.string(), z.number()).describe('Recipients per ISO country code (unknown: none found)'),
  provisional: z.number().describe('Not yet screened: counted from the ccTLD'),
  policies: perPolicy(z.string()).describe('What each policy means'),
});

export const operationalStatusOutput = z.looseObject({
  campaignId: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseReason: z.string().nullable(),
  operationalState: z.enum(['NORMAL', 'DEGRADED']),
  primaryBlocker: z.enum(CAMPAIGN_BLOCKERS).nullable(),
  pipeline: z.looseObject({ retryAt: z.string().nullable(), lastError: z.string().nullable(), provider: z.string().nullable() }),
  ai: z
    .looseObject({
      provider: z.string(),
      state: z.enum(['closed', 'open', 'half_open']),
      consecutiveFailures: z.number(),
      lastError: z.string().optional(),
      openUntil: z.string().optional(),
    })
    .describe("The AI provider's circuit breaker"),
  preparation: z
    .looseObject({ generationId: z.string(), status: z.enum(['running', 'completed', 'failed']), error: z.string().nullable() })
    .nullable()
    .describe('The latest preparation (null: none)'),
  recipients: recipientCountsOutput,
  sendTask: z
    .looseObject({ taskId: z.string(), status: z.enum(TASK_STATUSES), pauseReason: z.string().nullable(), counters: z.record(z.string(), z.number()) })
    .nullable()
    .describe("The campaign's send task (null before the first send)"),
  tasks: z.array(outboxTaskOutput).describe('Its queued sends (at most 50)'),
});

export const recipientOutput = z.looseObject({
  contactId: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable().describe('Why SKIPPED (suppressed, stop_listed, non_target_role, geo_opt_in_only, geo_manual_confirm)'),
  country: z.string().nullable(),
  geoPolicy: z.enum(GEO_POLICIES).nullable().describe('null until screened'),
  auditIterations: z.number(),
  auditCategories: z.array(z.string()).describe('Rules (and AI categories) that failed the last audit'),
  failureReason: z.string().nullable().describe('CREATIVE_FAILED: ai_unavailable, audit_failed ...'),
  consent: z
    .looseObject({ confirmedBy: z.looseObject({ kind: z.string(), id: z.string().optional() }), confirmedAt: z.string(), evidence: z.string() })
    .nullable()
    .describe('RU: the recorded prior consent (campaigns_confirm_recipients)'),
  subject: z.string().nullable().describe("The render's subject once prepared"),
  updatedAt: z.string(),
});
