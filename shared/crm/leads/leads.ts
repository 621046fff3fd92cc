import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, exists, notExists, type Item, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { automationsOfStage, automationWrites, type FiredAction } from '../pipelines/automations.js';
import { defaultPipelineId, getPipeline, getStage } from '../pipelines/pipelines.js';
import type { Stage } from '../pipelines/types.js';
import { INTEREST_LEVELS, type Interest, type Lead, type LeadInput } from './types.js';
import { ContactEntity } from '../contacts/entities.js';
import { LeadActivity, LeadEntity } from './entities.js';
import { PipelineEntity, StageEntity } from '../pipelines/entities.js';

export type Tenant = { tenantId: string; table: TableStore };

/** The operation that creates a pipeline: named in the 400 for a lead without a default pipeline. */
export const PIPELINES_CREATE_OPERATION = 'pipelines_create';

const iso = (now: number) => new Date(now).toISOString();
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export async function getLead(table: TableStore, leadId: string): Promise<Lead> {
  const item = await table.get(LeadEntity.key({ leadId }));
  if (!item) throw notFound('Lead');
  return LeadEntity.view(item);
}

const statusOf = (stage: Stage): Lead['status'] => (stage.kind === 'open' ? 'open' : stage.kind);

/**
 * Creates a lead for a contact of the tenant (404 when the contact does not exist). `pipelineId` is
 * optional: the tenant's default pipeline is used when omitted, and without one the call is a 400
 * naming pipelines_create. The lead starts in `stageId` (a stage of that pipeline) or the first open
 * stage. The lead, its counters, its timeline entry, `lead.created` (and the entered stage's
 * automations) are one transaction. Used by leads_create and by the form-builder connector.
 */
export async function createLead(deps: Deps, tenant: Tenant, input: LeadInput) {
  const table = tenant.table;
  const contact = await table.get<{ companyId?: string }>(ContactEntity.key({ contactId: input.contactId }));
  if (!contact) throw notFound('Contact');
  const pipelineId = input.pipelineId || (await defaultPipelineId(table));
  if (!pipelineId) throw badRequest(`no default pipeline; call ${PIPELINES_CREATE_OPERATION}`);
  if (!ID_RE.test(pipelineId)) throw notFound('Pipeline');
  const pipeline = await getPipeline(table, pipelineId);
  const stage = input.stageId ? await getStage(table, pipelineId, input.stageId) : pipeline.stages.find((s) => s.kind === 'open');
  if (!stage) throw badRequest(['the pipeline has no open stage']);
  const now = deps.clock.now();
  const at = iso(now);
  const id = newId(now);
  const lead: Lead = {
    id,
    contactId: input.contactId,
    companyId: contact.companyId ?? null,
    pipelineId,
    stageId: stage.id,
    status: statusOf(stage),
    title: input.title ?? null,
    value: input.value ?? null,
    currency: input.currency ?? null,
    interest: input.interest ?? 'unknown',
    source: input.source ?? 'manual',
    sourceRef: input.sourceRef ?? null,
    createdAt: at,
    updatedAt: at,
    stageEnteredAt: at,
    closedAt: stage.kind === 'open' ? null : at,
  };
  const automations = await automationsOfStage(table, pipelineId, stage.id);
  const auto = automationWrites(automations, { leadId: id, contactId: lead.contactId, pipelineId, stageId: stage.id, now });
  const ops: TxOp[] = [
    { check: ContactEntity.key({ contactId: input.contactId }), condition: exists },
    { update: PipelineEntity.key({ pipelineId }), spec: { add: { leadCount: 1 }, condition: exists } },
    { update: StageEntity.key({ pipelineId, stageId: stage.id }), spec: { add: { leadCount: 1 }, condition: exists } },
    {
      put: LeadEntity.item({ leadId: id, stageId: stage.id, stageEnteredAt: at, contactId: lead.contactId, createdAt: at }, { ...lead }),
      condition: notExists,
    },
    { put: activity(id, now, 'created', { stageId: stage.id, pipelineId, source: lead.source }) },
    { put: outboxItem(tenant.tenantId, 'lead.created', eventData(lead), now) },
    ...closingEvents(tenant.tenantId, lead, stage, now),
    ...auto.ops,
  ];
  try {
    await table.transact(ops);
  } catch (e) {
    if (e instanceof ConditionFailed && e.index === 0) throw notFound('Contact');
    if (e instanceof ConditionFailed && (e.index === 1 || e.index === 2)) throw notFound('Pipeline');
    throw e;
  }
  await eventsCommitted(deps, tenant.tenantId);
  return { ...lead, automationsFired: auto.fired };
}

/**
 * Moves a lead to another stage of its pipeline (404 for a stage that is not one of them). Entering a
 * won/lost stage closes the lead and emits lead.won / lead.lost besides lead.moved; the entered
 * stage's automations run in the same transaction. Moving to the current stage changes nothing.
 */
export async function moveLead(
  deps: Deps,
  tenant: Tenant,
  leadId: string,
  stageId: string,
): Promise<Lead & { moved: boolean; automationsFired: FiredAction[] }> {
  const table = tenant.table;
  const lead = await getLead(table, leadId);
  const to = await getStage(table, lead.pipelineId, stageId);
  if (lead.stageId === to.id) return { ...lead, moved: false, automationsFired: [] };
  const now = deps.clock.now();
  const at = iso(now);
  const next: Lead = { ...lead, stageId: to.id, status: statusOf(to), stageEnteredAt: at, updatedAt: at, closedAt: to.kind === 'open' ? null : at };
  const automations = await automationsOfStage(table, lead.pipelineId, to.id);
  const auto = automationWrites(automations, { leadId, contactId: lead.contactId, pipelineId: lead.pipelineId, stageId: to.id, now });
  const ops: TxOp[] = [
    {
      update: LeadEntity.key({ leadId }),
      spec: {
        set: {
          stageId: to.id,
          status: next.status,
          stageEnteredAt: at,
          updatedAt: at,
          closedAt: next.closedAt,
          ...LeadEntity.indexKeys('byStage', { stageId: to.id, stageEnteredAt: at, leadId }),
        },
        condition: { expression: 'stageId = :from', values: { ':from': lead.stageId } },
      },
    },
    { update: StageEntity.key({ pipelineId: lead.pipelineId, stageId: lead.stageId }), spec: { add: { leadCount: -1 } } },
    { update: StageEntity.key({ pipelineId: lead.pipelineId, stageId: to.id }), spec: { add: { leadCount: 1 } } },
    { put: activity(leadId, now, 'moved', { fromStageId: lead.stageId, toStageId: to.id }) },
    { put: outboxItem(tenant.tenantId, 'lead.moved', { ...eventData(next), fromStageId: lead.stageId, toStageId: to.id }, now) },
    ...closingEvents(tenant.tenantId, next, to, now),
    ...auto.ops,
  ];
  try {
    await table.transact(ops);
  } catch (e) {
    if (e instanceof ConditionFailed && e.index === 0) throw conflict('The lead was moved concurrently; read it again');
    throw e;
  }
  await eventsCommitted(deps, tenant.tenantId);
  return { ...next, moved: true, automationsFired: auto.fired };
}

/** Sets the lead's interest level (and an optional note on its timeline). */
export async function setInterest(deps: Deps, tenant: Tenant, leadId: string, interest: Interest, note?: string): Promise<Lead> {
  if (!INTEREST_LEVELS.includes(interest)) throw badRequest([`interest must be one of the following values: ${INTEREST_LEVELS.join(', ')}`]);
  const lead = await getLead(tenant.table, leadId);
  const now = deps.clock.now();
  const at = iso(now);
  try {
    await tenant.table.transact([
      { update: LeadEntity.key({ leadId }), spec: { set: { interest, updatedAt: at }, condition: exists } },
      { put: activity(leadId, now, 'interest', { from: lead.interest, to: interest, ...(note ? { note } : {}) }) },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Lead');
    throw e;
  }
  return { ...lead, interest, updatedAt: at };
}

function activity(leadId: string, now: number, kind: string, data: Record<string, unknown>): Item {
  const id = newId(now);
  const at = iso(now);
  return LeadActivity.item({ leadId, at, activityId: id }, { id, leadId, kind, createdAt: at, ...data });
}

function eventData(l: Lead) {
  return {
    leadId: l.id,
    contactId: l.contactId,
    companyId: l.companyId,
    pipelineId: l.pipelineId,
    stageId: l.stageId,
    status: l.status,
    value: l.value,
    currency: l.currency,
  };
}

function closingEvents(tenantId: string, lead: Lead, stage: Stage, now: number): TxOp[] {
  if (stage.kind === 'open') return [];
  return [{ put: outboxItem(tenantId, stage.kind === 'won' ? 'lead.won' : 'lead.lost', eventData(lead), now) }];
}
