import type { TableStore } from '../ports/table-store.js';
import { PipelineKeys } from '../pipelines/keys.js';
import { LeadKeys } from './keys.js';

/**
 * Deletes every lead of a contact with its timeline (DSAR erasure), keeping pipeline and stage
 * counters right. Bounded: at most 1 000 leads and 1 000 timeline pages.
 */
export async function deleteLeadsOfContact(table: TableStore, contactId: string): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 10; round++) {
    const page = await table.query<{ id: string; pipelineId: string; stageId: string }>({ index: 'gsi2', pk: LeadKeys.contactIndex(contactId), limit: 100 });
    if (!page.items.length) break;
    for (const lead of page.items) {
      await table.transact([
        { delete: LeadKeys.lead(lead.id) },
        { update: PipelineKeys.pipeline(lead.pipelineId), spec: { add: { leadCount: -1 }, condition: { expression: 'attribute_exists(pk)' } } },
        { update: PipelineKeys.stage(lead.pipelineId, lead.stageId), spec: { add: { leadCount: -1 }, condition: { expression: 'attribute_exists(pk)' } } },
      ]).catch(async () => table.delete(LeadKeys.lead(lead.id)));
      for (let i = 0; i < 1000; i++) {
        const rest = await table.query<{ pk: string; sk: string }>({ pk: LeadKeys.partition(lead.id), limit: 100 });
        if (!rest.items.length) break;
        await table.transact(rest.items.map((it) => ({ delete: { pk: it.pk, sk: it.sk } })));
      }
      deleted++;
    }
  }
  return deleted;
}
