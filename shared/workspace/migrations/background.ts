import { defineOnce } from '../../platform/registry/background.js';
import { runMigrations, type TenantMigration } from './runner.js';

/**
 * The data migrations as one run: in AWS its Lambda is invoked by a CloudFormation custom resource at
 * the deploy that adds a migration (runKey: their names), locally once at each start. A run stops
 * starting steps a minute before its Lambda's time is up; the next run resumes from the markers.
 * The list itself is functions/data-migrations.ts: a migration belongs to its domain, and the list,
 * like the operations' registry, sits above every domain.
 */
export const dataMigrationsJob = (migrations: readonly TenantMigration[]) =>
  defineOnce({
    name: 'data_migrations',
    tag: 'tenants',
    runKey: migrations.map((m) => m.name).join(','),
    timeout: 900,
    resources: ['tenantTables', 'platformTable:write', 'tableScan'],
    handler: (deps, { keepGoing }) => runMigrations(deps, migrations, keepGoing),
  });
