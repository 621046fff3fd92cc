import { badRequest } from '../errors.js';
import type { OperationContext } from '../runtime/context.js';
import { createScoringTask, SCORING_METHOD_ID } from '../scoring/tasks.js';
import type { TaskCreateBody } from './schema.js';

/**
 * Task methods other than mailing. methodId 22 (scoring) is created by the scoring domain
 * (shared/scoring/tasks.ts `createScoringTask`); undefined means "unknown methodId" (400).
 */
export async function createOtherTask(ctx: OperationContext, body: TaskCreateBody): Promise<{ id: string; methodId: number } | undefined> {
  if (body.methodId !== SCORING_METHOD_ID) return undefined;
  const { methodId: _m, creativeId, accountId, contactListId, tracking, ...rest } = body;
  const foreign = Object.entries({ creativeId, accountId, contactListId, tracking })
    .filter(([, v]) => v !== undefined)
    .map(([k]) => `${k} is not used by methodId 22`);
  if (foreign.length) {
    throw badRequest(foreign);
  }
  return createScoringTask(ctx, rest);
}
