import { badRequest } from '../../platform/errors.js';
import { toCompany } from '../companies/model.js';
import { toContact, withPrimaries } from '../contacts/items.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { defaultPipelineId, getPipeline, getStage } from '../pipelines/pipelines.js';
import { PIPELINES_CREATE_OPERATION, getLead } from './leads.js';
import type { Lead } from './types.js';
import { CompanyEntity } from '../companies/entities.js';
import { ContactEntity } from '../contacts/entities.js';
import { LeadActivity, LeadEntity } from './entities.js';

const contactSummary = (c: Item) => ({
  id: c.id as string,
  firstName: (c.firstName as string) ?? null,
  lastName: (c.lastName as string) ?? null,
  email: (c.email as string) ?? null,
  position: (c.position as string) ?? null,
  companyId: (c.companyId as string) ?? null,
});

/**
 * Kanban of a pipeline (default pipeline when omitted): every stage in order with its newest-entered
 * leads, `limit` per stage and a `nextCursor` per stage. The next page of one column is read with
 * `stageId` + `cursor`.
 */
export async function kanban(table: TableStore, q: { pipelineId?: string; stageId?: string; cursor?: string; limit: number }) {
  if (q.cursor && !q.stageId) throw badRequest(['cursor requires stageId (cursors are per stage)']);
  const pipelineId = q.pipelineId ?? (await defaultPipelineId(table));
  if (!pipelineId) throw badRequest(`no default pipeline; call ${PIPELINES_CREATE_OPERATION}`);
  const pipeline = await getPipeline(table, pipelineId);
  if (q.stageId) await getStage(table, pipelineId, q.stageId);
  const stages = q.stageId ? pipeline.stages.filter((s) => s.id === q.stageId) : pipeline.stages;
  const pages = await Promise.all(
    stages.map((s) =>
      table.query({ index: 'gsi1', pk: LeadEntity.query('byStage', { stageId: s.id }).pk, descending: true, limit: q.limit, cursor: q.cursor }),
    ),
  );
  const contactIds = [...new Set(pages.flatMap((p) => p.items.map((l) => String(l.contactId))))];
  const contacts = new Map((await table.batchGet(contactIds.map((id) => ContactEntity.key({ contactId: id })))).map((c) => [String(c.id), contactSummary(c)]));
  return {
    pipeline: { id: pipeline.id, name: pipeline.name, isDefault: pipeline.isDefault },
    stages: stages.map((s, i) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      position: s.position,
      leadCount: s.leadCount,
      leads: pages[i].items.map((it) => ({ ...LeadEntity.view(it), contact: contacts.get(String(it.contactId)) ?? null })),
      nextCursor: pages[i].cursor ?? null,
    })),
  };
}

/** Everything about a lead in one read: lead, pipeline stage, contact (with channels), company, timeline. */
export async function dossier(table: TableStore, leadId: string, opts: { activityLimit?: number } = {}) {
  const lead: Lead = await getLead(table, leadId);
  const limit = opts.activityLimit ?? 50;
  const [timeline, contactItem, pipeline, otherLeads] = await Promise.all([
    table.query({ ...LeadActivity.query('primary', { leadId }), descending: true, limit }),
    table.get(ContactEntity.key({ contactId: lead.contactId })),
    getPipeline(table, lead.pipelineId).catch(() => undefined),
    table.query({ index: 'gsi2', pk: LeadEntity.query('byContact', { contactId: lead.contactId }).pk, limit: 20 }),
  ]);
  const companyId = (contactItem?.companyId as string | undefined) ?? lead.companyId;
  const companyItem = companyId ? await table.get(CompanyEntity.key({ companyId })) : undefined;
  const stage = pipeline?.stages.find((s) => s.id === lead.stageId);
  return {
    lead,
    pipeline: pipeline ? { id: pipeline.id, name: pipeline.name } : null,
    stage: stage ? { id: stage.id, name: stage.name, kind: stage.kind, position: stage.position } : null,
    contact: contactItem ? withPrimaries(toContact(contactItem)) : null,
    company: companyItem && companyItem.entity === 'company' ? toCompany(companyItem) : null,
    otherLeads: otherLeads.items.map(LeadEntity.view).filter((l) => l.id !== leadId),
    activity: timeline.items.map(({ pk: _p, sk: _s, gsi1pk: _a, gsi1sk: _b, entity: _e, _v: _ver, ...rest }) => rest),
    activityCursor: timeline.cursor ?? null,
  };
}
