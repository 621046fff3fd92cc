/** Platform-table keys of tenants, users and memberships, declared once. */
export const TenancyKeys = {
  tenant: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, sk: 'TENANT' }),
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' }),
  /** A user's membership in a tenant; listing a user's tenants is a Query on USER#<id>. */
  membership: (userId: string, tenantId: string) => ({ pk: `USER#${userId}`, sk: `MEMBER#${tenantId}` }),
  /** The same membership seen from the tenant (gsi1), for listing a tenant's members. */
  membershipByTenant: (tenantId: string, userId: string) => ({ gsi1pk: `TENANT#${tenantId}#MEMBERS`, gsi1sk: `USER#${userId}` }),
};

export type Role = 'SUPER' | 'ADMIN' | 'MEMBER';
export const ROLE_RANK: Record<Role, number> = { MEMBER: 1, ADMIN: 2, SUPER: 3 };
