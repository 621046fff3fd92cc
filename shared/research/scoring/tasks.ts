import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { getCompanyList } from '../../crm/company-lists/company-lists.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { requireTenant, type OperationContext } from '../../platform/runtime/context.js';
import { Task } from '../../mailing/tasks/entities.js';
import type { TaskCreateBody } from '../../mailing/tasks/schema.js';
import { taskView } from '../../mailing/tasks/tasks.js';
import { stepInput, stepProblems, type StepInput } from './steps.js';

export const SCORING_METHOD_ID = 22;

export interface ScoringTaskInput {
  description?: string;
  name?: string;
  companyListId?: string;
  steps?: unknown[];
  options?: Record<string, unknown>;
}

export interface StoredStep extends StepInput {
  stepId: string;
  order: number;
}

function parseSteps(raw: unknown[] | undefined, now: number, from = 0): StoredStep[] {
  const problems: string[] = [];
  const steps = (raw ?? []).map((s, i) => {
    const parsed = stepInput.safeParse(s);
    if (!parsed.success) return (problems.push(`steps.${i} must be {type: one of the step types, config?}`), undefined);
    problems.push(...stepProblems(parsed.data).map((p) => `steps.${i}: ${p}`));
    return { ...parsed.data, stepId: newId(now + i), order: from + i };
  });
  if (problems.length) throw badRequest(problems);
  return steps as StoredStep[];
}

/**
 * tasks_create with methodId 22: a scoring task over a company list, stored in the tasks domain's Task
 * entity (methodName 'scoring', companyListId, steps). Results live in the scoring entities, by taskId.
 */
export async function createScoringTask(ctx: OperationContext, input: ScoringTaskInput) {
  const tenant = requireTenant(ctx);
  if (!input.companyListId) throw badRequest(['companyListId is required for methodId 22']);
  await getCompanyList(tenant.table, input.companyListId);
  const now = ctx.deps.clock.now();
  const taskId = newId(now);
  const at = new Date(now).toISOString();
  const record = {
    taskId,
    methodId: SCORING_METHOD_ID,
    methodName: 'scoring',
    description: input.description ?? input.name ?? 'Scoring',
    companyListId: input.companyListId,
    steps: parseSteps(input.steps, now),
    options: input.options ?? {},
    status: 'DRAFT' as const,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await tenant.table.put(Task.item({ taskId, createdAt: at }, record), Task.notExists);
  return taskView(record as unknown as Item);
}

/**
 * tasks_create with methodId 22. The scoring domain owns it (the tasks domain, beneath research, does not
 * know scoring): the body's mailing fields do not apply and are refused by name.
 */
export async function createScoringTaskFrom(ctx: OperationContext, body: TaskCreateBody) {
  const { methodId: _m, creativeId, accountId, contactListId, tracking, ...rest } = body;
  const foreign = Object.entries({ creativeId, accountId, contactListId, tracking })
    .filter(([, v]) => v !== undefined)
    .map(([k]) => `${k} is not used by methodId 22`);
  if (foreign.length) throw badRequest(foreign);
  return createScoringTask(ctx, rest);
}

/** A methodId-22 task, or 404 (unknown) / 400 (another method), as site-enrichment's scoringTaskId wants. */
export async function getScoringTask(table: TableStore, taskId: string) {
  if (taskId.includes('#')) throw notFound('Task');
  const item = await table.get<Item & { methodId: number; steps?: StoredStep[]; companyListId: string; version: number; status: string }>(Task.key({ taskId }));
  if (!item || !Task.is(item)) throw notFound('Task');
  if (item.methodId !== SCORING_METHOD_ID) throw badRequest(['scoringTaskId must be a scoring task (methodId 22)']);
  return item;
}

/** tasks_steps_add: appends steps (validated per type) to a scoring task. */
export async function addScoringSteps(table: TableStore, taskId: string, raw: unknown[], now: number) {
  const task = await getScoringTask(table, taskId);
  const existing = task.steps ?? [];
  if (existing.length + raw.length > 50) throw badRequest(['a scoring task has at most 50 steps']);
  const steps = [...existing, ...parseSteps(raw, now, existing.length)];
  try {
    const after = await table.update<Item>(Task.key({ taskId }), {
      set: { steps, updatedAt: new Date(now).toISOString() },
      add: { version: 1 },
      condition: { expression: 'version = :v', values: { ':v': task.version } },
    });
    return { ...taskView(after), steps };
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('Task changed meanwhile; retry', { code: 'task_changed' });
    throw e;
  }
}
