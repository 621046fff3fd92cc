/** The shapes of the scoring operations this area reads (spec H; tasks with methodId 22). */
export const SCORING_METHOD_ID = 22;

export interface ScoringStep {
  stepId: string;
  type: string;
  order: number;
  config?: Record<string, unknown>;
}

export interface ScoringTask {
  id: string;
  methodId: number;
  description?: string;
  companyListId: string;
  status: string;
  steps?: ScoringStep[];
  createdAt: string;
}

export interface ScoringResult {
  companyId: string;
  outcome: 'ACTIVE' | 'SCORED_BELOW_THRESHOLD' | 'UNAVAILABLE' | string;
  reasonCode: string;
  stepResults: Record<string, unknown>;
  contradictoryFields: string[];
  scoredAt?: string;
}

export interface ScoringStats {
  scored: number;
  byOutcome: Record<string, number>;
  byReason: Record<string, number>;
  contradictory: number;
}

export const OUTCOME_WORDS: Record<string, string> = {
  ACTIVE: 'Active (fits)',
  SCORED_BELOW_THRESHOLD: 'Scored below the threshold',
  UNAVAILABLE: 'Could not be scored',
};

/** The named step types (tasks_steps_add) with what each does, for the step picker. */
export const STEP_TYPES: { type: string; words: string }[] = [
  { type: 'DOMAIN_AGE', words: 'Domain age' },
  { type: 'SSL_CHECK', words: 'TLS certificate check' },
  { type: 'DNS_CHECK', words: 'DNS and MX check' },
  { type: 'KEYWORDS', words: 'Keywords on the site' },
  { type: 'EMAIL_EXTRACT', words: 'Emails on the site' },
  { type: 'PHONE_EXTRACT', words: 'Phones on the site' },
  { type: 'SOCIAL_LINKS', words: 'Social profiles on the site' },
  { type: 'TECH_DETECT', words: 'Technologies used' },
  { type: 'COMPANY_SIZE', words: 'Company size' },
  { type: 'AI_CONTENT', words: 'AI score of the site (ai_score, ai_type, ai_note)' },
  { type: 'NALOG_LOOKUP', words: 'Registry lookup (tax id)' },
];

export const stepWords = (type: string) => STEP_TYPES.find((s) => s.type === type)?.words ?? type.replace(/_/g, ' ').toLowerCase();

/** Builds a step from the picker's values: keywords (comma-separated) and the AI threshold when given. */
export function stepFromForm(v: Record<string, string | boolean>): { type: string; config?: Record<string, unknown> } {
  const type = String(v.type ?? '');
  const config: Record<string, unknown> = {};
  if (type === 'KEYWORDS' && typeof v.keywords === 'string')
    config.keywords = v.keywords
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  if (type === 'AI_CONTENT' && typeof v.threshold === 'string') config.threshold = /^\d+(\.\d+)?$/.test(v.threshold) ? Number(v.threshold) : v.threshold;
  return Object.keys(config).length ? { type, config } : { type };
}
