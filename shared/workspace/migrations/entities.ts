import { defineEntity } from '../../platform/data/entity.js';

/**
 * Tenant-table entity of the data migrations (shared/workspace/migrations/runner.ts).
 *
 * - marker: MIGRATION#<name> / MIGRATION   one per migration and tenant table: RUNNING with the cursor
 *           where the next step starts (a run cut short resumes there), DONE once every item was seen.
 */
export const MigrationMarker = defineEntity({
  entity: 'migration_marker',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'MIGRATION#${name}', sk: 'MIGRATION' } },
});

export interface MigrationMarkerRecord {
  name: string;
  status: 'RUNNING' | 'DONE';
  /** Where the next step starts (the migration's own cursor); absent before the first step and once DONE. */
  cursor?: string;
  /** Items the migration changed in this table so far. */
  changed: number;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
}
