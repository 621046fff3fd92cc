/** Lead shapes as the API returns them. */
export const INTEREST_LEVELS = ['unknown', 'none', 'low', 'medium', 'high'] as const;
export type Interest = (typeof INTEREST_LEVELS)[number];

export const LEAD_SOURCES = ['manual', 'form', 'dialog', 'import', 'api'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface Lead {
  id: string;
  contactId: string;
  companyId: string | null;
  pipelineId: string;
  stageId: string;
  /** open, or won / lost once the lead is in a closing stage. */
  status: 'open' | 'won' | 'lost';
  title: string | null;
  value: number | null;
  currency: string | null;
  interest: Interest;
  source: LeadSource;
  /** Id of what created it (form submission, dialog), when any. */
  sourceRef: string | null;
  createdAt: string;
  updatedAt: string;
  stageEnteredAt: string;
  closedAt: string | null;
}

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
