import { defineEntity } from '../../platform/data/entity.js';

/**
 * Scoring results and step events (tenant table), linked to the tasks domain's Task by taskId.
 * - result:     SCORE#<taskId> / RESULT#<companyId>          outcome, reasonCode, stepResults, contradictoryFields
 * - step event: SCORE#<taskId> / STEPEV#<companyId>#<n 4 digits>  one per executed step
 */
export const ScoringResult = defineEntity({
  entity: 'scoring_result',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SCORE#${taskId}', sk: 'RESULT#${companyId}' } },
});

export const ScoringStepEvent = defineEntity({
  entity: 'scoring_step_event',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SCORE#${taskId}', sk: 'STEPEV#${companyId}#${n}' } },
});

export type Outcome = 'ACTIVE' | 'SCORED_BELOW_THRESHOLD' | 'UNAVAILABLE';
