import type * as z from 'zod';
import type { OutputOf, ItemOf } from '../../platform/data/entity.js';
import type { AutomationEntity, PipelineEntity, StageEntity, automationAction } from './entities.js';

/** Pipeline, stage and automation shapes as the API returns them (their attributes are declared on the entities). */
export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const AUTOMATION_TRIGGERS = ['stage_entered'] as const;

export type Stage = OutputOf<typeof StageEntity>;
export type StageItem = ItemOf<typeof StageEntity>;

/** A pipeline as the API answers it: its attributes, whether it is the tenant's default, and its stages in display order. */
export type Pipeline = OutputOf<typeof PipelineEntity> & { isDefault: boolean; stages: (Stage & { position: number })[] };
export type PipelineItem = ItemOf<typeof PipelineEntity>;

export type AutomationAction = z.infer<typeof automationAction>;
export type Automation = OutputOf<typeof AutomationEntity>;

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
