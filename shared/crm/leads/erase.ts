import type { TableStore } from '../../platform/ports/table-store.js';
import { LeadEntity } from './entities.js';
import { PipelineEntity, StageEntity } from '../pipelines/entities.js';

/**
 * Deletes every lead of a contact with its timeline (DSAR erasure), keeping pipeline and stage
 * counters right. Bounded: at most 1 000 leads and 1 000 timeline pages.
 */
export async function deleteLeadsOfContact(table: TableStore, contactId: string): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 10; round++) {
    const page = await table.query<{ id: string; pipelineId: string; stageId: string }>({
      index: 'gsi2',
      pk: LeadEntity.query('byContact', { contactId: contactId }).pk,
      limit: 100,
    });
    if (!page.items.length) break;
    for (const lead of page.items) {
      await table
        .transact([
          { delete: LeadEntity.key({ leadId: lead.id }) },
          { update: PipelineEntity.key({ pipelineId: lead.pipelineId }), spec: { add: { leadCount: -1 }, condition: { expression: 'attribute_exists(pk)' } } },
          {
            update: StageEntity.key({ pipelineId: lead.pipelineId, stageId: lead.stageId }),
            spec: { add: { leadCount: -1 }, condition: { expression: 'attribute_exists(pk)' } },
          },
        ])
        .catch(async () => table.delete(LeadEntity.key({ leadId: lead.id })));
      for (let i = 0; i < 1000; i++) {
        const rest = await table.query<{ pk: string; sk: string }>({ pk: LeadEntity.key({ leadId: lead.id }).pk, limit: 100 });
        if (!rest.items.length) break;
        await table.transact(rest.items.map((it) => ({ delete: { pk: it.pk, sk: it.sk } })));
      }
      deleted++;
    }
  }
  return deleted;
}
