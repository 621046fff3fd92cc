import { forbidden, notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { Principal } from '../../platform/runtime/principal.js';
import type { TenantContext } from '../../platform/runtime/context.js';
import type { Role } from './roles.js';
import { Membership } from './entities.js';

/**
 * Picks the tenant a call acts in: `X-Tenant-Id` (or MCP `tenant_id`), else the caller's own.
 * A tenant the caller does not belong to answers exactly like one that does not exist.
 */
export async function resolveTenant(deps: Deps, principal: Principal, requested: string | undefined): Promise<TenantContext> {
  if (principal.status === 'PENDING') {
    throw forbidden('Account is pending verification: the workspace is read-only until it is approved', { code: 'account_pending' });
  }
  const tenantId = requested?.trim() || principal.defaultTenantId;
  if (!tenantId || !principal.userId || !/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw notFound('Tenant');
  const membership = await deps.platform.get<{ role: Role }>(Membership.key({ userId: principal.userId, tenantId }));
  if (!membership) throw notFound('Tenant');
  return { tenantId, role: membership.role, table: deps.tenantTable(tenantId) };
}
