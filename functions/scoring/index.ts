import type { AnyOperation } from '../../shared/registry/operation.js';
import { operation as stepsAdd } from './tasks_steps_add.js';
import { operation as prompt } from './scoring_prompt_get.js';
import { operation as results } from './scoring_results_list.js';
import { operation as retry } from './scoring_results_retry.js';
import { operation as stats } from './tasks_scoring_stats.js';
import { operation as stepEvents } from './tasks_scoring_step_events.js';

/** Scoring and ICP review operations (spec H and the scoring ids of K). */
export const scoringOperations: AnyOperation[] = [stepsAdd, prompt, results, retry, stats, stepEvents];
