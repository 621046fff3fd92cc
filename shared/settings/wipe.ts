import { badRequest } from '../errors.js';
import type { Deps } from '../runtime/deps.js';
import { tableNames } from '../data/schema.js';
import { runTenantInitializers } from '../tenancy/initializers.js';
import '../billing/tenant-init.js';
import '../pipelines/tenant-init.js';

/**
 * Irreversible wipe of a workspace's data: the tenant's own table is dropped and created again
 * (isolation is structural, so the wipe is a table drop), then the tenant initializers run again
 * (default pipeline ...). The platform table keeps the account, memberships, keys, balance and ledger.
 */
export const WIPE_CONFIRMATION = 'DELETE ALL DATA';

export async function deleteAllData(deps: Deps, tenant: { tenantId: string; userId: string }, confirmation: string) {
  if (confirmation !== WIPE_CONFIRMATION) throw badRequest([`confirmation must be exactly '${WIPE_CONFIRMATION}'`], { code: 'confirmation_required' });
  const name = tableNames(deps.config.tablePrefix).tenant(tenant.tenantId);
  const startedAt = deps.clock.now();
  await deps.tableAdmin.dropTable(name);
  await deps.tableAdmin.ensureTable(name);
  await runTenantInitializers(deps, tenant);
  return { tenantId: tenant.tenantId, wiped: true, wipedAt: new Date(startedAt).toISOString(), kept: ['account', 'memberships', 'api keys', 'balance', 'ledger'] };
}
