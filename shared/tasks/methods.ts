import type { OperationContext } from '../runtime/context.js';
import type { TaskCreateBody } from './schema.js';

/**
 * Task methods other than mailing. methodId 22 (scoring) is created by the scoring domain
 * (shared/scoring/tasks.ts `createScoringTask`); undefined means "unknown methodId" (400).
 */
export async function createOtherTask(_ctx: OperationContext, _body: TaskCreateBody): Promise<Record<string, unknown> | undefined> {
  return undefined;
}
