import * as z from 'zod';

/**
 * The named scoring step types (spec: 18 exist, 13 are named) and what each may write:
 * - browser-backed DOMAIN_AGE, SSL_CHECK, DNS_CHECK: only the task's ScoringResult (stepResults/browserJson);
 * - KEYWORDS, EMAIL_EXTRACT, PHONE_EXTRACT, SOCIAL_LINKS, TECH_DETECT, COMPANY_SIZE: only stepResults;
 * - AI_CONTENT: the card fields ai_score, ai_type, ai_note and segment custom fields;
 * - NALOG_LOOKUP: taxId and custom fields, all-or-nothing;
 * - AI_CARD_FIELD / WEBHOOK_CARD_FIELD: one custom field (config.targetEntity, config.targetFieldId), a
 *   defined field of the item's company or contact. The spec's "address defined on the target field" is
 *   the step's config.url here: custom-field definitions carry no address. LEAD targets are UNAVAILABLE
 *   (lead_has_no_custom_fields). What each step does: shared/research/scoring/checks/ and run-step.ts.
 */
export const STEP_TYPES = [
  'DOMAIN_AGE',
  'SSL_CHECK',
  'DNS_CHECK',
  'KEYWORDS',
  'EMAIL_EXTRACT',
  'PHONE_EXTRACT',
  'SOCIAL_LINKS',
  'TECH_DETECT',
  'COMPANY_SIZE',
  'AI_CONTENT',
  'NALOG_LOOKUP',
  'AI_CARD_FIELD',
  'WEBHOOK_CARD_FIELD',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const stepInput = z.strictObject({
  type: z.enum(STEP_TYPES).describe('Step type'),
  config: z
    .looseObject({
      keywords: z.array(z.string().max(100)).max(100).optional().describe('KEYWORDS: words to look for'),
      threshold: z.number().min(0).max(10).optional().describe('AI_CONTENT: score below it → SCORED_BELOW_THRESHOLD (default 5)'),
      targetEntity: z
        .enum(['CONTACT', 'COMPANY', 'LEAD'])
        .optional()
        .describe('AI_CARD_FIELD / WEBHOOK_CARD_FIELD: CONTACT, COMPANY or LEAD (LEAD only via item.contactId; not for WEBHOOK_CARD_FIELD)'),
      targetFieldId: z.string().max(64).optional().describe('AI_CARD_FIELD / WEBHOOK_CARD_FIELD: the custom field written'),
      prompt: z.string().max(4000).optional().describe('AI_CARD_FIELD: what to ask ({{url}} {{title}} {{description}} {{keywords}} {{content}} are filled in)'),
      url: z.string().max(2000).optional().describe('WEBHOOK_CARD_FIELD: the https address POSTed the card; its JSON answer {value} is written'),
    })
    .optional(),
});
export type StepInput = z.infer<typeof stepInput>;

/** Rules of a step beyond its shape (the spec's target restrictions). */
export function stepProblems(s: StepInput): string[] {
  const out: string[] = [];
  if (s.type === 'AI_CARD_FIELD' || s.type === 'WEBHOOK_CARD_FIELD') {
    if (!s.config?.targetEntity) out.push(`${s.type} needs config.targetEntity`);
    if (!s.config?.targetFieldId) out.push(`${s.type} needs config.targetFieldId`);
    if (s.type === 'WEBHOOK_CARD_FIELD' && s.config?.targetEntity === 'LEAD') out.push('WEBHOOK_CARD_FIELD writes CONTACT or COMPANY only');
    if (s.type === 'WEBHOOK_CARD_FIELD' && !/^https?:\/\/[^\s/]+/i.test(s.config?.url ?? ''))
      out.push('WEBHOOK_CARD_FIELD needs config.url (an https address)');
  }
  return out;
}
