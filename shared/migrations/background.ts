import { defineOnce } from '../registry/background.js';
import { taskReviewBackfill } from '../tasks/review-backfill.js';
import { entityNameCasing } from './entity-casing.js';
import { runMigrations, type TenantMigration } from './runner.js';

/** Every data migration, oldest first. Append only: a released one stays (its marker says it is done). */
export const MIGRATIONS: readonly TenantMigration[] = [taskReviewBackfill, entityNameCasing];

/**
 * The data migrations as one run: in AWS its Lambda is invoked by a CloudFormation custom resource at
 * the deploy that adds a migration (runKey: their names), locally once at each start. A run stops
 * starting steps a minute before its Lambda's time is up; the next run resumes from the markers.
 */
export const dataMigrations = defineOnce({
  name: 'data_migrations',
  tag: 'tenants',
  runKey: MIGRATIONS.map((m) => m.name).join(','),
  timeout: 900,
  resources: ['tenantTables', 'platformTable:write', 'tableScan'],
  handler: (deps, { keepGoing }) => runMigrations(deps, MIGRATIONS, keepGoing),
});
