import type { OutputOf } from '../../platform/data/entity.js';
import type { LeadEntity } from './entities.js';

/** Lead shapes as the API returns them: a lead's attributes are declared once, on LeadEntity. */
export const INTEREST_LEVELS = ['unknown', 'none', 'low', 'medium', 'high'] as const;
export type Interest = (typeof INTEREST_LEVELS)[number];

export const LEAD_SOURCES = ['manual', 'form', 'dialog', 'import', 'api'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** open, or won / lost once the lead is in a closing stage (its stage's kind). */
export const LEAD_STATUSES = ['open', 'won', 'lost'] as const;

export type Lead = OutputOf<typeof LeadEntity>;

export interface LeadInput {
  contactId: string;
  pipelineId?: string;
  stageId?: string;
  title?: string;
  value?: number;
  currency?: string;
  interest?: Interest;
  source?: LeadSource;
  sourceRef?: string;
}
