import type { Deps } from '../../platform/runtime/deps.js';
import { newId } from '../../platform/data/ids.js';
import { tableNames } from '../../platform/data/schema.js';
import type { Role } from './roles.js';

export interface ProvisionInput {
  accountId: string;
  email: string;
  tenantName: string;
  firstName?: string;
  lastName?: string;
  /** Monthly outbound quota configured on approval. */
  monthlyQuota?: number;
}

export interface ProvisionedTenant {
  tenantId: string;
  userId: string;
}

// Initializers live in initializers.ts (no import cycle); billing opens the tenant's zero balance, and the
// composition roots (infra/aws/runtime/aws-deps.ts, infra/local/local-deps.ts) register the CRM's default pipeline.
export { onTenantProvisioned, type TenantInitializer } from './initializers.js';
import { runTenantInitializers } from './initializers.js';
import '../billing/tenant-init.js';
import { Account } from '../identity/entities.js';
import { Membership, Tenant, User } from './entities.js';

/**
 * Creates User, Tenant (with its own data table) and a SUPER membership for an account, then promotes
 * the account to `approved`/ACTIVE, which promotes its keys without rotation. Idempotent per account:
 * a second call returns the tenant already created.
 */
export async function provisionTenant(deps: Deps, input: ProvisionInput): Promise<ProvisionedTenant> {
  const existing = await deps.platform.get<{ userId?: string; tenantId?: string }>(Account.key({ accountId: input.accountId }));
  if (existing?.userId && existing.tenantId) return { tenantId: existing.tenantId, userId: existing.userId };
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const tenantId = newId(now);
  const userId = newId(now);
  await deps.tableAdmin.ensureTable(tableNames(deps.config.tablePrefix).tenant(tenantId));
  await deps.platform.transact([
    { put: Tenant.item({ tenantId, createdAt: at }, { tenantId, name: input.tenantName, ownerUserId: userId, status: 'ACTIVE', createdAt: at }) },
    {
      put: User.item(
        { userId },
        { userId, email: input.email, accountId: input.accountId, firstName: input.firstName, lastName: input.lastName, createdAt: at },
      ),
    },
    { put: Membership.item({ userId, tenantId }, { userId, tenantId, role: 'SUPER' satisfies Role, createdAt: at }) },
    {
      update: Account.key({ accountId: input.accountId }),
      spec: {
        set: {
          userId,
          tenantId,
          scope: 'approved',
          status: 'ACTIVE',
          moderation_status: 'approved',
          registrationState: 'approved',
          monthlyQuota: input.monthlyQuota ?? 10_000,
          updatedAt: at,
        },
        condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(tenantId)' },
      },
    },
  ]);
  await runTenantInitializers(deps, { tenantId, userId });
  return { tenantId, userId };
}

/** Adds an existing user to a tenant with a role. */
export async function addMember(deps: Deps, tenantId: string, userId: string, role: Role) {
  const at = new Date(deps.clock.now()).toISOString();
  await deps.platform.put(Membership.item({ userId, tenantId }, { userId, tenantId, role, createdAt: at }));
}
