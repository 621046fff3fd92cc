import { defineEntity } from '../data/entity.js';

/**
 * Idempotency records (Idempotency-Key header, draft-ietf-httpapi-idempotency-key-header): one item
 * per scope and key, `keyHash` = sha256 of the client's key (keys are free text and may contain `#`).
 * - tenant operations: in the tenant's own table, scoped by the table itself;
 * - `/v1/messages` (no tenant table): in the platform table, scoped by the account.
 * Items carry `ttl` (24 h after the first call, for DynamoDB's deletion) and `expiresAt` (ms, checked
 * by the claim itself: TTL deletion is lazy and only second-precise).
 */
export const TenantIdempotencyRecord = defineEntity({
  entity: 'idempotency',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'IDEMKEY#${keyHash}', sk: 'IDEMKEY' } },
});

export const PlatformIdempotencyRecord = defineEntity({
  entity: 'idempotency',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'IDEMKEY#${accountId}#${keyHash}', sk: 'IDEMKEY' } },
});
