import { forbidden, notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ROLE_RANK, type Role } from './roles.js';
import { Membership, Tenant, User } from './entities.js';

interface TenantItem {
  tenantId: string;
  name: string;
  status?: string;
  ownerUserId: string;
  createdAt: string;
}
interface UserItem {
  userId: string;
  email: string;
  accountId?: string;
  firstName?: string;
  lastName?: string;
}
interface MembershipItem {
  userId: string;
  tenantId: string;
  role: Role;
  createdAt: string;
}

/** The tenants a user belongs to (a Query on the user's memberships), with names and roles. */
export async function listMyTenants(deps: Deps, userId: string, defaultTenantId: string | undefined) {
  const out: { tenantId: string; name: string; role: Role; status: string; isDefault: boolean; joinedAt: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const p = await deps.platform.query<MembershipItem>({ pk: User.key({ userId }).pk, skBeginsWith: 'MEMBER#', limit: 100, cursor });
    const tenants = await deps.platform.batchGet<TenantItem>(p.items.map((m) => Tenant.key({ tenantId: m.tenantId })));
    const byId = new Map(tenants.map((t) => [t.tenantId, t]));
    for (const m of p.items) {
      const t = byId.get(m.tenantId);
      if (t)
        out.push({
          tenantId: t.tenantId,
          name: t.name,
          role: m.role,
          status: t.status ?? 'ACTIVE',
          isDefault: t.tenantId === defaultTenantId,
          joinedAt: m.createdAt,
        });
    }
    cursor = p.cursor;
    if (!cursor) break;
  }
  return { data: out };
}

/** Members of a tenant (gsi1 TENANT#<id>#MEMBERS), cursor pages. */
export async function listMembers(deps: Deps, tenantId: string, page: { limit: number; cursor?: string }) {
  const gsi1pk = Membership.query('byTenant', { tenantId }).pk;
  const p = await deps.platform.query<MembershipItem>({ index: 'gsi1', pk: gsi1pk, limit: page.limit, cursor: page.cursor });
  const users = await deps.platform.batchGet<UserItem>(p.items.map((m) => User.key({ userId: m.userId })));
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    data: p.items.map((m) => {
      const u = byId.get(m.userId);
      return { userId: m.userId, email: u?.email ?? null, firstName: u?.firstName ?? null, lastName: u?.lastName ?? null, role: m.role, joinedAt: m.createdAt };
    }),
    nextCursor: p.cursor ?? null,
  };
}

// Adding members is by invitation and consent: shared/workspace/tenancy/invitations.ts.

/**
 * Removes a member. The owner cannot be removed; only a SUPER removes a SUPER. Unknown member: 404.
 */
export async function removeMember(deps: Deps, tenantId: string, actorRole: Role, userId: string) {
  const m = await deps.platform.get<MembershipItem>(Membership.key({ userId, tenantId }));
  if (!m) throw notFound('Member');
  const tenant = await deps.platform.get<TenantItem>(Tenant.key({ tenantId }));
  if (tenant?.ownerUserId === userId) throw forbidden('The workspace owner cannot be removed', { code: 'owner_cannot_be_removed' });
  if (ROLE_RANK[m.role] > ROLE_RANK[actorRole]) throw forbidden(`Only a ${m.role} may remove a ${m.role}`, { code: 'insufficient_role', requiredRole: m.role });
  await deps.platform.delete(Membership.key({ userId, tenantId }));
  return { tenantId, userId, removed: true };
}
