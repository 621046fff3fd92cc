import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as prompt } from './scoring_prompt_get.js';
import { operation as results } from './scoring_results_list.js';
import { operation as retry } from './scoring_results_retry.js';

/** Scoring and ICP review operations (spec H); a scoring task's steps and stats are tasks_* operations. */
export const scoringOperations: AnyOperation[] = [prompt, results, retry];
