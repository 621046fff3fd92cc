import { forbidden } from '../../platform/errors.js';
import type { OperationContext, TenantContext } from '../../platform/runtime/context.js';

export type Role = 'SUPER' | 'ADMIN' | 'MEMBER';
export const ROLE_RANK: Record<Role, number> = { MEMBER: 1, ADMIN: 2, SUPER: 3 };

/** True when the caller's role in the current tenant is at least `role` (SUPER > ADMIN > MEMBER). */
export const hasRole = (tenant: Pick<TenantContext, 'role'>, role: Role) => ROLE_RANK[tenant.role] >= ROLE_RANK[role];

/**
 * Role check for tenant operations (after the pipeline resolved the tenant): 403
 * `{code:'insufficient_role', requiredRole}` when the caller's membership role is lower than `role`.
 * Returns the tenant context for convenience.
 */
export function requireRole(ctx: OperationContext, role: Role): TenantContext {
  if (!ctx.tenant) throw new Error('tenant context missing: operation access must be "tenant"');
  if (!hasRole(ctx.tenant, role)) throw forbidden(`Requires role ${role} in this workspace`, { code: 'insufficient_role', requiredRole: role });
  return ctx.tenant;
}
