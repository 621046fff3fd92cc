import { defineEntity } from '../../platform/data/entity.js';

/** Platform-table entities of tenants, users and memberships. */

/** A tenant (workspace); gsi1 lists every tenant by creation time for the admin console. */
export const Tenant = defineEntity({
  entity: 'tenant',
  version: 1,
  table: 'platform',
  keys: {
    primary: { pk: 'TENANT#${tenantId}', sk: 'TENANT' },
    byCreated: { index: 'gsi1', pk: 'TENANTS', sk: '${createdAt}' },
  },
});

export const User = defineEntity({
  entity: 'user',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'USER#${userId}', sk: 'USER' } },
});

/** A user's membership in a tenant: a Query on USER#<id> lists a user's tenants, gsi1 a tenant's members. */
export const Membership = defineEntity({
  entity: 'membership',
  version: 1,
  table: 'platform',
  keys: {
    primary: { pk: 'USER#${userId}', sk: 'MEMBER#${tenantId}' },
    byTenant: { index: 'gsi1', pk: 'TENANT#${tenantId}#MEMBERS', sk: 'USER#${userId}' },
  },
});

/**
 * A pending workspace invitation (issue 16): found by the SHA-256 of its single-use token (the
 * token itself is only in the invitee's email). Deleted when accepted.
 */
export const Invitation = defineEntity({
  entity: 'invitation',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'INVITE#${tokenHash}', sk: 'INVITE' } },
});
