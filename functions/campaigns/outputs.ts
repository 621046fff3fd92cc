import * as z from 'zod';

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
  error: z.string().nullable().describe('Why it stopped: AI_STAGES_HALTED, insufficient_balance, campaign_blocked ...'),
  processed: z.number(),
  ready: z.number(),
  failed: z.number(),
});

export const readinessOutput = z.looseObject({
  ready: z.boolean().describe('Every blocking gate passed'),
  blockers: z.array(z.string()).describe('Reason codes of failed gates'),
  gates: z.array(z.looseObject({ gate: z.string(), ok: z.boolean(), reasonCode: z.string().nullable() })),
  effective: z.looseObject({
    sendWindow: z.looseObject({
      source: z.string().describe('campaign, workspace or default'),
      configured: z.looseObject({}),
      windowOpen: z.boolean(),
      nextOpenAt: z.string().nullable(),
    }),
  }),
});

export const testTaskOutput = z.looseObject({
  taskId: z.string(),
  campaignId: z.string(),
  to: z.string().nullable().describe('Always the verified owner address'),
  decision: z.looseObject({ reasonCode: z.string(), nextAction: z.string() }),
  retryAt: z.string().nullable(),
});

export const outboxTaskOutput = z.looseObject({
  id: z.string().describe('<taskId>~<contactId>: the id skip preview takes'),
  attemptNumber: z.number(),
  attemptLimit: z.number(),
  issuedAt: z.string(),
  leaseDeadline: z.string().nullable(),
  workerId: z.string().nullable(),
  profileId: z.string().nullable().describe('Sender mailbox id'),
  reasonCode: z.string().nullable(),
  history: z.array(z.looseObject({ at: z.string(), event: z.string() })),
});
