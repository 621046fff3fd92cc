/**
 * Tenant-table keys of pipelines, declared once. A pipeline, its stages and its automations share one
 * partition, so one Query reads the whole pipeline.
 *
 * - pipeline:      PIPELINE#<id> / PIPELINE              (gsi1: PIPELINES / <createdAt>#<id>, creation order)
 * - stage:         PIPELINE#<id> / STAGE#<stageId>
 * - stage name:    PIPELINE#<id> / STAGENAME#<lower name> (uniqueness marker, attribute_not_exists)
 * - automation:    PIPELINE#<id> / AUTOMATION#<stageId>#<automationId>
 * - default:       PIPELINES / DEFAULT                   ({pipelineId}: the tenant's default pipeline)
 */
export const PipelineKeys = {
  pipeline: (pipelineId: string) => ({ pk: `PIPELINE#${pipelineId}`, sk: 'PIPELINE' }),
  pipelineIndex: (createdAt: string, pipelineId: string) => ({ gsi1pk: PIPELINES_INDEX, gsi1sk: `${createdAt}#${pipelineId}` }),
  partition: (pipelineId: string) => `PIPELINE#${pipelineId}`,
  stage: (pipelineId: string, stageId: string) => ({ pk: `PIPELINE#${pipelineId}`, sk: `STAGE#${stageId}` }),
  stageName: (pipelineId: string, name: string) => ({ pk: `PIPELINE#${pipelineId}`, sk: `STAGENAME#${name.trim().toLowerCase()}` }),
  automation: (pipelineId: string, stageId: string, automationId: string) => ({ pk: `PIPELINE#${pipelineId}`, sk: `AUTOMATION#${stageId}#${automationId}` }),
  automationsOfStage: (stageId: string) => `AUTOMATION#${stageId}#`,
  defaultPointer: () => ({ pk: 'PIPELINES', sk: 'DEFAULT' }),
};

export const PIPELINES_INDEX = 'PIPELINES';
export const STAGE_PREFIX = 'STAGE#';
export const AUTOMATION_PREFIX = 'AUTOMATION#';
