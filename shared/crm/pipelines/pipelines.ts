import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, notExists, type Item, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { DEFAULT_STAGES, MAX_STAGES, type Automation, type Pipeline, type PipelineItem, type Stage, type StageKind } from './types.js';
import { AutomationEntity, DefaultPipeline, PipelineEntity, StageEntity, StageName, stageNameKey } from './entities.js';

type Tenant = { tenantId: string; table: TableStore };

export interface PipelineInput {
  name: string;
  stages?: { name: string; kind?: StageKind }[];
  /** true: becomes the default; omitted: becomes the default only when the tenant has none. */
  isDefault?: boolean;
}

const ORDER_STEP = 1000;

const sortStages = (stages: Stage[]) => [...stages].sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));

export async function defaultPipelineId(table: TableStore): Promise<string | undefined> {
  return (await table.get<{ pipelineId: string }>(DefaultPipeline.key({})))?.pipelineId;
}

/** Creates a pipeline with its stages (the default five when none are given). */
export async function createPipeline(deps: Deps, tenant: Tenant, input: PipelineInput): Promise<Pipeline> {
  const stages = input.stages?.length ? input.stages : DEFAULT_STAGES;
  if (stages.length > MAX_STAGES) throw badRequest([`stages must contain no more than ${MAX_STAGES} elements`]);
  if (!stages.some((s) => (s.kind ?? 'open') === 'open')) throw badRequest(['stages must contain at least one open stage']);
  const names = new Set(stages.map((s) => s.name.trim().toLowerCase()));
  if (names.size !== stages.length) throw badRequest(['stage names must be unique within a pipeline']);
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const stageItems = stages.map((s, i) => {
    const stageId = newId(now);
    return StageEntity.item(
      { pipelineId: id, stageId },
      { id: stageId, pipelineId: id, name: s.name.trim(), kind: s.kind ?? 'open', order: (i + 1) * ORDER_STEP, leadCount: 0, createdAt: at },
    );
  });
  const ops: TxOp[] = [
    {
      put: PipelineEntity.item(
        { pipelineId: id, createdAt: at },
        { id, name: input.name.trim(), leadCount: 0, stageCount: stageItems.length, createdAt: at, updatedAt: at },
      ),
      condition: notExists,
    },
    ...stageItems.map((s): TxOp => ({ put: s, condition: notExists })),
    ...stageItems.map((s): TxOp => ({ put: StageName.item({ pipelineId: id, nameKey: stageNameKey(s.name) }, { stageId: s.id }), condition: notExists })),
  ];
  if (input.isDefault === true) ops.push({ put: DefaultPipeline.item({}, { pipelineId: id, updatedAt: at }) });
  await tenant.table.transact(ops);
  if (input.isDefault === undefined) {
    // Becomes the default only if there is none; a lost race leaves the other pipeline as default.
    await tenant.table.put(DefaultPipeline.item({}, { pipelineId: id, updatedAt: at }), notExists).catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
  }
  return getPipeline(tenant.table, id);
}

/** One pipeline with its stages in display order (404 when it is not in this tenant). */
export async function getPipeline(table: TableStore, pipelineId: string): Promise<Pipeline> {
  const { pipeline } = await readPipeline(table, pipelineId);
  return pipeline;
}

/** The whole pipeline partition: pipeline, ordered stages and automations. */
export async function readPipeline(
  table: TableStore,
  pipelineId: string,
  knownDefault?: string | null,
): Promise<{ pipeline: Pipeline; automations: Automation[] }> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const page = await table.query({ pk: PipelineEntity.key({ pipelineId: pipelineId }).pk, cursor });
    items.push(...page.items);
    if (!(cursor = page.cursor)) break;
  }
  const meta = items.find((i) => i.sk === 'PIPELINE');
  if (!meta) throw notFound('Pipeline');
  const stages = sortStages(items.filter((i) => String(i.sk).startsWith(StageEntity.skPrefix('primary', {}))).map(StageEntity.view));
  const automations = items.filter((i) => String(i.sk).startsWith(AutomationEntity.skPrefix('primary', {}))).map(AutomationEntity.view);
  const def = knownDefault === undefined ? await defaultPipelineId(table) : knownDefault;
  return { pipeline: pipelineView(meta, stages, def === pipelineId), automations };
}

/** The answer's field order: the pipeline's own attributes around whether it is the default and its stages. */
function pipelineView(item: Item, stages: Stage[], isDefault: boolean): Pipeline {
  const { id, name, leadCount, createdAt, updatedAt } = PipelineEntity.view(item);
  return { id, name, isDefault, leadCount, stages: stages.map((s, position) => ({ ...s, position })), createdAt, updatedAt };
}

/** Pipelines in creation order, each with its stages; one page at a time. */
export async function listPipelines(table: TableStore, opts: { limit: number; cursor?: string }) {
  const page = await table.query<PipelineItem>({ ...PipelineEntity.query('all', {}), limit: opts.limit, cursor: opts.cursor });
  const def = (await defaultPipelineId(table)) ?? null;
  const data = await Promise.all(
    page.items.map((p) =>
      readPipeline(table, p.id, def).then(
        (r) => r.pipeline,
        () => undefined,
      ),
    ),
  );
  return { data: data.filter((p): p is Pipeline => !!p), nextCursor: page.cursor ?? null };
}

/** A stage of a pipeline, or 404. */
export async function getStage(table: TableStore, pipelineId: string, stageId: string): Promise<Stage> {
  const s = await table.get(StageEntity.key({ pipelineId, stageId }));
  if (!s) throw notFound('Stage');
  return StageEntity.view(s);
}

/**
 * Adds a stage. `position` is the 0-based place in the display order; by default an open stage goes
 * before the first won/lost stage and a closing stage goes last.
 */
export async function createStage(deps: Deps, tenant: Tenant, pipelineId: string, input: { name: string; kind?: StageKind; position?: number }) {
  const { pipeline } = await readPipeline(tenant.table, pipelineId);
  const kind = input.kind ?? 'open';
  const stages = pipeline.stages;
  const firstClosed = stages.findIndex((s) => s.kind !== 'open');
  const position = Math.min(input.position ?? (kind === 'open' && firstClosed >= 0 ? firstClosed : stages.length), stages.length);
  const before = stages[position - 1]?.order;
  const after = stages[position]?.order;
  const order =
    before === undefined ? (after === undefined ? ORDER_STEP : after - ORDER_STEP) : after === undefined ? before + ORDER_STEP : (before + after) / 2;
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const name = input.name.trim();
  try {
    await tenant.table.transact([
      {
        update: PipelineEntity.key({ pipelineId }),
        spec: {
          add: { stageCount: 1 },
          set: { updatedAt: at },
          condition: { expression: 'attribute_exists(pk) AND (attribute_not_exists(stageCount) OR stageCount < :max)', values: { ':max': MAX_STAGES } },
        },
      },
      { put: StageName.item({ pipelineId, nameKey: stageNameKey(name) }, { stageId: id }), condition: notExists },
      { put: StageEntity.item({ pipelineId, stageId: id }, { id, pipelineId, name, kind, order, leadCount: 0, createdAt: at }), condition: notExists },
    ]);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    if (e.index === 0) throw badRequest([`a pipeline has at most ${MAX_STAGES} stages`]);
    throw conflict(`A stage named "${name}" already exists in this pipeline`);
  }
  return { ...(await getStage(tenant.table, pipelineId, id)), position };
}

/**
 * Deletes a pipeline that holds no leads (409 otherwise). Deleting the default pipeline leaves the
 * tenant without one: leads_create then needs an explicit pipelineId until another is made default.
 */
export async function deletePipeline(tenant: Tenant, pipelineId: string) {
  await getPipeline(tenant.table, pipelineId);
  const ops: TxOp[] = [
    {
      delete: PipelineEntity.key({ pipelineId }),
      condition: { expression: 'attribute_exists(pk) AND (attribute_not_exists(leadCount) OR leadCount = :zero)', values: { ':zero': 0 } },
    },
  ];
  if ((await defaultPipelineId(tenant.table)) === pipelineId) {
    ops.push({ delete: DefaultPipeline.key({}), condition: { expression: 'pipelineId = :id', values: { ':id': pipelineId } } });
  }
  try {
    await tenant.table.transact(ops);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    if (e.index === 0) throw conflict('Pipeline still has leads; move or delete them first');
    // The default moved to another pipeline meanwhile: delete this one alone.
    await deletePipeline(tenant, pipelineId);
    return { id: pipelineId, deleted: true };
  }
  // The pipeline item is gone, so the rest of the partition is unreachable; tidy it up (bounded).
  for (let i = 0; i < 10; i++) {
    const page = await tenant.table.query({ pk: PipelineEntity.key({ pipelineId: pipelineId }).pk, limit: 100 });
    if (!page.items.length) break;
    for (const it of page.items) await tenant.table.delete({ pk: String(it.pk), sk: String(it.sk) });
  }
  return { id: pipelineId, deleted: true };
}

/** Makes a pipeline the tenant's default. */
export async function setDefaultPipeline(deps: Deps, tenant: Tenant, pipelineId: string) {
  await getPipeline(tenant.table, pipelineId);
  await tenant.table.put(DefaultPipeline.item({}, { pipelineId, updatedAt: new Date(deps.clock.now()).toISOString() }));
  return getPipeline(tenant.table, pipelineId);
}
