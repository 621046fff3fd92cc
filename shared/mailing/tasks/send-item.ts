import { defineEntity } from '../../platform/data/entity.js';

// Declared apart from the task's entities (entities.ts, with their zod attributes): the send item is
// keyed by its keys alone, and a dialog thread reading the emails it answers needs only its key (issue 25).

export const SendItem = defineEntity({
  entity: 'send_item',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'TASK#${taskId}', sk: 'ITEM#${contactId}' },
    due: { index: 'gsi2', pk: 'SENDDUE', sk: '${dueAt}#${taskId}#${contactId}' },
  },
});

/**
 * A build chunk whose counters are committed and whose items may not all be written yet
 * (shared/mailing/sending/build-chunks.ts): its contact ids and, per id, whether it was counted as
 * queued or skipped. Deleted once the chunk is finished.
 */
export const SendBuildChunk = defineEntity({
  entity: 'send_build_chunk',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'TASK#${taskId}', sk: 'BUILD#${chunkId}' } },
});
