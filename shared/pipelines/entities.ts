import { defineEntity } from '../data/entity.js';

/**
 * Tenant-table entities of pipelines. A pipeline, its stages, their name markers and its automations
 * share one partition, so one Query reads the whole pipeline.
 */

/** A pipeline; gsi1 lists every pipeline in creation order. */
export const PipelineEntity = defineEntity({
  entity: 'pipeline',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'PIPELINE#${pipelineId}', sk: 'PIPELINE' },
    all: { index: 'gsi1', pk: 'PIPELINES', sk: '${createdAt}#${pipelineId}' },
  },
});

export const StageEntity = defineEntity({
  entity: 'pipeline_stage',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINE#${pipelineId}', sk: 'STAGE#${stageId}' } },
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

export const AutomationEntity = defineEntity({
  entity: 'pipeline_automation',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINE#${pipelineId}', sk: 'AUTOMATION#${stageId}#${automationId}' } },
});

/** `{pipelineId}`: the tenant's default pipeline. */
export const DefaultPipeline = defineEntity({
  entity: 'default_pipeline',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PIPELINES', sk: 'DEFAULT' } },
});
