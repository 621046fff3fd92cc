import { defineEntity } from '../data/entity.js';

/**
 * Idempotency records (Idempotency-Key header, draft-ietf-httpapi-idempotency-key-header): one item
 * per caller and key, `keyHash` = sha256 of the client's key (keys are free text and may contain `#`),
 * `caller` = the API key or user that sent it (`key-<keyId>`, `user-<userId>`, …), so that nobody
 * else, a member of the same workspace included, can replay another caller's answer.
 * - tenant operations: in the tenant's own table, scoped by the table itself and the caller;
 * - `/v1/messages` (no tenant table): in the platform table, scoped by the account and the caller.
 * The answer is stored sealed (AES-256-GCM with SECRETS_KEY, `sealed`): answers carry one-time
 * secrets (connector tokens, webhook `whsec_` secrets). Items carry `ttl` (24 h after the first call,
 * for DynamoDB's deletion) and `expiresAt` (ms, checked by the claim itself: TTL deletion is lazy and
 * only second-precise). Version 1 (no caller, plaintext `body`) is never read again: its keys differ.
 */
export const TenantIdempotencyRecord = defineEntity({
  entity: 'idempotency',
  version: 2,
  table: 'tenant',
  keys: { primary: { pk: 'IDEMKEY#${caller}#${keyHash}', sk: 'IDEMKEY' } },
});

export const PlatformIdempotencyRecord = defineEntity({
  entity: 'idempotency',
  version: 2,
  table: 'platform',
  keys: { primary: { pk: 'IDEMKEY#${accountId}#${caller}#${keyHash}', sk: 'IDEMKEY' } },
});
