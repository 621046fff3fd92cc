/** Pipeline, stage and automation shapes as the API returns them. */
export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export interface Stage {
  id: string;
  pipelineId: string;
  name: string;
  /** `won` / `lost` stages close a lead (and emit lead.won / lead.lost when a lead enters them). */
  kind: StageKind;
  /** Sort key of the stage inside its pipeline (display order); positions are derived from it. */
  order: number;
  /** Leads currently in the stage. */
  leadCount: number;
  createdAt: string;
}

export interface Pipeline {
  id: string;
  name: string;
  isDefault: boolean;
  leadCount: number;
  stages: (Stage & { position: number })[];
  createdAt: string;
  updatedAt: string;
}

/** What an automation does when a lead enters its stage (see shared/pipelines/automations.ts). */
export type AutomationAction =
  | { type: 'task'; title: string; dueInDays?: number }
  | { type: 'note'; text: string }
  | { type: 'notify'; title: string; message?: string }
  | { type: 'event'; name: string };

export interface Automation {
  id: string;
  pipelineId: string;
  stageId: string;
  name?: string;
  trigger: 'stage_entered';
  actions: AutomationAction[];
  createdAt: string;
}

/** Stages of the pipeline every new tenant gets. */
export const DEFAULT_STAGES: { name: string; kind: StageKind }[] = [
  { name: 'New', kind: 'open' },
  { name: 'Contacted', kind: 'open' },
  { name: 'Qualified', kind: 'open' },
  { name: 'Won', kind: 'won' },
  { name: 'Lost', kind: 'lost' },
];

export const MAX_STAGES = 30;
export const MAX_AUTOMATIONS_PER_STAGE = 10;
export const MAX_ACTIONS_PER_AUTOMATION = 5;
