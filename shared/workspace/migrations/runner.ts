import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { forEachTenant } from '../tenancy/each-tenant.js';
import { MigrationMarker, type MigrationMarkerRecord } from './entities.js';

/**
 * A data migration of every tenant table, written as bounded steps: each step reads one page of
 * items from `after` (the resume point the previous step answered), writes what those items need
 * (conditionally, so a step run twice changes nothing the second time) and answers the next resume
 * point, or none when every item was seen.
 */
export interface TenantMigration {
  /** Stable and unique (snake_case): it names the marker, MIGRATION#<name>. Never renamed once released. */
  name: string;
  /** Also runs on the platform table (its marker lives there too), after the tenant tables. */
  platform?: boolean;
  step(table: TableStore, after: string | undefined): Promise<{ changed: number; next?: string }>;
}

/**
 * One migration on one tenant table until it is done or `keepGoing()` says stop. Its marker
 * (MIGRATION#<name> / MIGRATION) records the resume point after every step, so a run cut short (a
 * deadline, a crash) resumes there, and DONE once finished, so a later run costs one read.
 */
export async function migrateTable(table: TableStore, m: TenantMigration, now: () => number, keepGoing: () => boolean) {
  if (!keepGoing()) return { changed: 0, done: false };
  const marker = await table.get<MigrationMarkerRecord>(MigrationMarker.key({ name: m.name }));
  if (marker?.status === 'DONE') return { changed: 0, done: true };
  const startedAt = marker?.startedAt ?? new Date(now()).toISOString();
  let after = marker?.cursor;
  let changed = 0;
  while (keepGoing()) {
    const step = await m.step(table, after);
    changed += step.changed;
    after = step.next;
    const at = new Date(now()).toISOString();
    const record: MigrationMarkerRecord = {
      name: m.name,
      status: after ? 'RUNNING' : 'DONE',
      ...(after ? { cursor: after } : { finishedAt: at }),
      changed: (marker?.changed ?? 0) + changed,
      startedAt,
      updatedAt: at,
    };
    await table.put(MigrationMarker.item({ name: m.name }, record));
    if (!after) return { changed, done: true };
  }
  return { changed, done: false };
}

/**
 * Every migration on every tenant table, one tenant after the other (the platform's tenant index),
 * then the ones that also migrate the platform table on it, while `keepGoing()`. Answers how many tenants were visited, how many items changed, and whether every
 * migration is DONE everywhere (`complete: false`: a stop or a tenant's failure left work; the
 * next run resumes it).
 */
export async function runMigrations(deps: Deps, migrations: readonly TenantMigration[], keepGoing: () => boolean = () => true) {
  let complete = true;
  const now = () => deps.clock.now();
  const { tenants, total } = await forEachTenant(deps, 'data migration', async (tenantId) => {
    let changed = 0;
    for (const m of migrations) {
      const r = await migrateTable(deps.tenantTable(tenantId), m, now, keepGoing).catch((e: unknown) => {
        complete = false;
        throw e;
      });
      changed += r.changed;
      if (!r.done) complete = false;
    }
    return changed;
  });
  let platformChanged = 0;
  for (const m of migrations.filter((m) => m.platform)) {
    const r = await migrateTable(deps.platform, m, now, keepGoing);
    platformChanged += r.changed;
    if (!r.done) complete = false;
  }
  const outcome = { migrations: migrations.map((m) => m.name), tenants, changed: total + platformChanged, complete };
  log.info('data migrations', outcome);
  return outcome;
}
