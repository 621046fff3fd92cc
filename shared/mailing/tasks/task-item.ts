import { fill } from '../../platform/data/key-templates.js';
import { notFound } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { TaskRecord } from './entities.js';

// The task's stamp and primary key apart from the Task entity (entities.ts): its zod attributes weigh
// ~4 KB in a bundle, and a reader of one task item (a dialog finding the creative its thread answers)
// does not parse them (issue 25). The Task entity is declared from these same constants.

export const TASK_ENTITY = 'task';
export const TASK_PRIMARY_KEY = { pk: 'TASK#${taskId}', sk: 'TASK' } as const;

export async function getTaskItem(table: TableStore, taskId: string): Promise<TaskRecord & { version: number }> {
  if (taskId.includes('#')) throw notFound('Task');
  const key = { pk: fill(TASK_PRIMARY_KEY.pk, { taskId }, TASK_ENTITY), sk: TASK_PRIMARY_KEY.sk };
  const item = await table.get<TaskRecord & { version: number; entity?: string }>(key);
  if (!item || item.entity !== TASK_ENTITY) throw notFound('Task');
  return item;
}
