import { dataMigrationsJob } from '../shared/workspace/migrations/background.js';
import type { TenantMigration } from '../shared/workspace/migrations/runner.js';
import { entityNameCasing } from '../shared/workspace/migrations/entity-casing.js';
import { taskReviewBackfill } from '../shared/mailing/tasks/review-backfill.js';

/**
 * Every data migration, oldest first. Append only: a released one stays (its marker says it is done).
 * Each migration lives in its domain; the list names several domains, so it sits here, above them all.
 */
export const MIGRATIONS: readonly TenantMigration[] = [taskReviewBackfill, entityNameCasing];

/** The once-per-deploy job that runs them (shared/workspace/migrations/background.ts). */
export const dataMigrations = dataMigrationsJob(MIGRATIONS);
