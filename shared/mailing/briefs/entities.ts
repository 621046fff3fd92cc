import { defineEntity } from '../../platform/data/entity.js';

/**
 * Tenant-table entities of briefs: the brief (current content, variables, locks; listed on gsi1
 * `BRIEFS`), its revisions (sk `REV#<zero-padded n>`, one per change) and memory entries
 * (sk `MEMORY#<at>#<id>`), all in the brief's partition so one Query reads a brief's history.
 */
export const Brief = defineEntity({
  entity: 'brief',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'BRIEF#${briefId}', sk: 'BRIEF' },
    byCreated: { index: 'gsi1', pk: 'BRIEFS', sk: '${createdAt}#${briefId}' },
  },
});

export const BriefRevision = defineEntity({
  entity: 'brief_revision',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'BRIEF#${briefId}', sk: 'REV#${revision}' } },
});

export const BriefMemory = defineEntity({
  entity: 'brief_memory',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'BRIEF#${briefId}', sk: 'MEMORY#${createdAt}#${memoryId}' } },
});
