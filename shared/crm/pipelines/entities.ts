import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';
import { AUTOMATION_TRIGGERS, STAGE_KINDS } from './types.js';

/**
 * Tenant-table entities of pipelines. A pipeline, its stages, their name markers and its automations
 * share one partition, so one Query reads the whole pipeline.
 */

const id = z.string().describe('Identifier');
const pipelineId = z.string().describe('Pipeline id');
const createdAt = z.string().describe('ISO 8601 time of creation');

/** A pipeline; gsi1 lists every pipeline in creation order. Answered with its stages and whether it is the default (pipelineOutput). */
export const PipelineEntity = defineEntity({
  entity: 'pipeline',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'PIPELINE#${pipelineId}', sk: 'PIPELINE' },
    all: { index: 'gsi1', pk: 'PIPELINES', sk: '${createdAt}#${pipelineId}' },
  },
  attributes: {
    id,
    name: z.string(),
    leadCount: z.number(),
    /** Bounds the stages of one pipeline (createStage's condition). */
    stageCount: z.number(),
    createdAt,
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
  },
  internal: ['stageCount'],
  defaults: { leadCount: 0 },
});

/** A stage; answered with its `position` in the pipeline's display order (derived from `order`). */
export const StageEntity = defineEntity({
  entity: 'pipeline_stage',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINE#${pipelineId}', sk: 'STAGE#${stageId}' } },
  attributes: {
    id,
    pipelineId,
    name: z.string(),
    kind: z.enum(STAGE_KINDS).describe('won / lost stages close a lead (and emit lead.won / lead.lost when a lead enters them)'),
    order: z.number().describe('Sort key of the stage inside its pipeline (display order)'),
    leadCount: z.number().describe('Leads currently in the stage'),
    createdAt,
    /** Bounds the automations of one stage (createAutomation's condition); absent until the first. */
    automationCount: z.number().optional(),
  },
  internal: ['automationCount'],
  defaults: { leadCount: 0 },
});

/** Uniqueness marker of a stage name within its pipeline (attribute_not_exists); `nameKey` = stageNameKey(name). */
export const StageName = defineEntity({
  entity: 'pipeline_stage_name',
  version: 1,
  table: 'tenant',
  freeText: ['nameKey'],
  keys: { primary: { pk: 'PIPELINE#${pipelineId}', sk: 'STAGENAME#${nameKey}' } },
});

export const stageNameKey = (name: string) => name.trim().toLowerCase();

/** What an automation does when a lead enters its stage (shared/crm/pipelines/automations.ts). */
export const automationAction = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('task'), title: z.string(), dueInDays: z.number().optional() }),
  z.looseObject({ type: z.literal('note'), text: z.string() }),
  z.looseObject({ type: z.literal('notify'), title: z.string(), message: z.string().optional() }),
  z.looseObject({ type: z.literal('event'), name: z.string() }),
]);

export const AutomationEntity = defineEntity({
  entity: 'pipeline_automation',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINE#${pipelineId}', sk: 'AUTOMATION#${stageId}#${automationId}' } },
  attributes: {
    id,
    pipelineId,
    stageId: z.string().describe('Pipeline stage id'),
    name: z.string().optional().describe('Absent when the automation was created without one'),
    trigger: z.enum(AUTOMATION_TRIGGERS),
    actions: z.array(automationAction),
    createdAt,
  },
});

/** `{pipelineId}`: the tenant's default pipeline. */
export const DefaultPipeline = defineEntity({
  entity: 'default_pipeline',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINES', sk: 'DEFAULT' } },
});
