import { createHash, createHmac } from 'node:crypto';
import { badRequestCode, conflict, unprocessable, withHeaders } from '../errors.js';
import type { OperationOutcome } from '../http/pipeline.js';
import { log } from '../runtime/logger.js';
import { ConditionFailed, type Item, type Key, type TableStore } from '../ports/table-store.js';
import { operationResources, type AnyOperation, type Input } from '../registry/operation.js';
import type { OperationContext } from '../runtime/context.js';
import type { Principal } from '../runtime/principal.js';
import { decryptSecret, encryptSecret } from '../security/secrets.js';
import { PlatformIdempotencyRecord, TenantIdempotencyRecord } from './entities.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a completed answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * How long an in-flight record blocks the key. A call that crashed (Lambda timeout, kill -9) leaves
 * its record in flight: after the lease the next call with that key runs the operation. Longer than
 * any synchronous call (API Gateway cuts at 29 s, imports answer 202 beyond ~20 s).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** Sealed answers larger than this are not stored (a DynamoDB item holds 400 KB): the key is released instead. */
const MAX_SEALED_ANSWER = 300_000;

interface IdempotencyRecord {
  state: 'in_flight' | 'completed';
  fingerprint: string;
  operationId: string;
  leaseUntil: number;
  /** The answer {pk, status, body, headers}, encrypted (secrets.ts): it may hold a one-time secret. */
  sealed?: string;
  ttl: number;
}

/** What `sealed` holds; `pk` binds it to its record, so a sealed answer copied into another caller's record is refused. */
interface SealedAnswer {
  pk: string;
  status: number;
  body?: string;
  headers: Record<string, string>;
}

/** POST and PATCH of the product API and of /v1/messages accept the key. */
export const acceptsIdempotencyKey = (op: Pick<AnyOperation, 'method' | 'path'>) =>
  (op.method === 'POST' || op.method === 'PATCH') && (op.path.startsWith('/api/') || op.path === '/v1/messages');

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The request's fingerprint: an HMAC under a key derived from SECRETS_KEY, not a bare hash, because
 * the body may carry a secret (a webhook's `secret`) that a plain SHA-256 would let one guess offline.
 */
const fingerprintOf = (secretsKey: string, operationId: string, input: Input<any>) =>
  createHmac('sha256', createHmac('sha256', Buffer.from(secretsKey, 'base64')).update('svc idempotency fingerprint v1').digest())
    .update(`${operationId}\n${canonical(input)}`)
    .digest('hex');

/** Who may replay an answer: the API key that got it, else the signed-in user (a session), else the platform admin token. */
function callerOf(p: Principal | undefined): string | undefined {
  if (!p) return undefined;
  if (p.kind === 'key' && p.keyId) return `key-${p.keyId}`;
  if (p.kind === 'session' && (p.userId || p.accountId)) return p.userId ? `user-${p.userId}` : `account-${p.accountId}`;
  if (p.kind === 'platform-admin') return 'platform-admin';
  return undefined;
}

/** Stable JSON (sorted keys), so that whitespace or key order do not change the fingerprint. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

function recordKey(
  ctx: OperationContext,
  op: AnyOperation,
  keyHash: string,
): { table: TableStore; key: Key; entity: typeof TenantIdempotencyRecord | typeof PlatformIdempotencyRecord; composites: Record<string, string> } | undefined {
  const caller = callerOf(ctx.principal);
  if (!caller) return undefined;
  if (ctx.tenant)
    return { table: ctx.tenant.table, key: TenantIdempotencyRecord.key({ caller, keyHash }), entity: TenantIdempotencyRecord, composites: { caller, keyHash } };
  const accountId = ctx.principal?.accountId;
  // Outside a tenant the record lives in the platform table: only where the Lambda may write it (IAM).
  if (!accountId || !operationResources(op).includes('platformTable:write')) return undefined;
  return {
    table: ctx.deps.platform,
    key: PlatformIdempotencyRecord.key({ accountId, caller, keyHash }),
    entity: PlatformIdempotencyRecord,
    composites: { accountId, caller, keyHash },
  };
}

/**
 * Runs `run` at most once per (caller, key) within 24 h. Same key + same request → the first answer
 * (status, body, headers) again, with `Idempotent-Replayed: true`, without running the operation
 * (so without charging again: a paid answer replays its original `_billing`). Same key + different
 * request → 422 `idempotency_key_reused`. Still running → 409 `idempotency_request_in_flight`.
 * Only 2xx answers are kept: an error releases the key so that a corrected retry can run.
 */
export async function withIdempotency(
  ctx: OperationContext,
  op: AnyOperation,
  input: Input<any>,
  run: () => Promise<OperationOutcome>,
): Promise<OperationOutcome> {
  const raw = ctx.request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || !acceptsIdempotencyKey(op)) return run();
  if (raw.length < 1 || raw.length > 255 || !/^[\x21-\x7e]+$/.test(raw))
    throw badRequestCode('invalid_idempotency_key', { message: ['Idempotency-Key must be 1-255 visible ASCII characters'] });
  const where = recordKey(ctx, op, sha256(raw));
  if (!where) return run();
  const { table, key } = where;
  const now = ctx.deps.clock.now();
  const secretsKey = ctx.deps.config.secretsKey;
  const fingerprint = fingerprintOf(secretsKey, op.operationId, input);
  const claim: Item = where.entity.item(where.composites as never, {
    state: 'in_flight',
    fingerprint,
    operationId: op.operationId,
    leaseUntil: now + IDEMPOTENCY_LEASE_MS,
    createdAt: new Date(now).toISOString(),
    expiresAt: now + IDEMPOTENCY_TTL_MS,
    ttl: Math.ceil((now + IDEMPOTENCY_TTL_MS) / 1000),
  });
  try {
    // Free, expired (TTL deletion is lazy), or an in-flight claim whose lease ran out (crashed call).
    await table.put(claim, {
      expression: 'attribute_not_exists(pk) OR expiresAt <= :now OR (#state = :inFlight AND leaseUntil < :now)',
      names: { '#state': 'state' },
      values: { ':inFlight': 'in_flight', ':now': now },
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    return existing(table, key, fingerprint, now, secretsKey);
  }
  let outcome: OperationOutcome;
  try {
    outcome = await run();
  } catch (e) {
    await release(table, key, fingerprint);
    throw e;
  }
  const answer: SealedAnswer = {
    pk: String(key.pk),
    status: outcome.status,
    ...(outcome.body === undefined ? {} : { body: JSON.stringify(outcome.body) }),
    headers: outcome.headers,
  };
  const sealed = outcome.status >= 300 || outcome.cookies.length ? undefined : encryptSecret(JSON.stringify(answer), secretsKey);
  if (!sealed || sealed.length > MAX_SEALED_ANSWER) await release(table, key, fingerprint);
  else {
    await table
      .update(key, {
        set: { state: 'completed', sealed, completedAt: new Date(ctx.deps.clock.now()).toISOString() },
        condition: { expression: 'fingerprint = :f', values: { ':f': fingerprint } },
      })
      .catch((err) => log.warn('idempotency record not completed', { operationId: op.operationId, error: (err as Error)?.name }));
  }
  return outcome;
}

async function existing(table: TableStore, key: Key, fingerprint: string, now: number, secretsKey: string): Promise<OperationOutcome> {
  const rec = await table.get<IdempotencyRecord>(key);
  if (!rec) throw conflict('A request with this Idempotency-Key just finished or was released; retry', { code: 'idempotency_request_in_flight' });
  if (rec.state !== 'completed') {
    const retryAfter = Math.max(1, Math.ceil((rec.leaseUntil - now) / 1000));
    const err = conflict('A request with this Idempotency-Key is still in flight; retry later to get its answer', { code: 'idempotency_request_in_flight' });
    throw withHeaders(err, { 'retry-after': String(Math.min(retryAfter, 60)) });
  }
  if (rec.fingerprint !== fingerprint)
    throw unprocessable('This Idempotency-Key was already used with a different request (operation or body) within the last 24 hours', {
      code: 'idempotency_key_reused',
    });
  const answer = unseal(rec, key, secretsKey);
  const body = answer.body === undefined ? undefined : JSON.parse(answer.body);
  return { status: answer.status, body, headers: { ...answer.headers, 'idempotent-replayed': 'true' }, cookies: [], result: body };
}

/**
 * The stored answer, or a 422 when it cannot be read back (SECRETS_KEY changed, or the record was
 * altered or moved): the operation already ran, so running it again could do it twice.
 */
function unseal(rec: IdempotencyRecord, key: Key, secretsKey: string): SealedAnswer {
  try {
    const answer = JSON.parse(decryptSecret(rec.sealed ?? '', secretsKey)) as SealedAnswer;
    if (answer.pk === key.pk) return answer;
  } catch {
    // unreadable: answered below
  }
  log.warn('idempotency record unreadable', { operationId: rec.operationId });
  throw unprocessable('The first answer to this Idempotency-Key can no longer be read; send the request with a new key if it should run again', {
    code: 'idempotency_key_reused',
  });
}

/** Deletes our own in-flight claim (not one a later call took over after our lease ran out). */
async function release(table: TableStore, key: Key, fingerprint: string) {
  await table
    .delete(key, {
      expression: '#state = :inFlight AND fingerprint = :f',
      names: { '#state': 'state' },
      values: { ':inFlight': 'in_flight', ':f': fingerprint },
    })
    .catch((err) => {
      if (!(err instanceof ConditionFailed)) log.warn('idempotency record not released', { error: (err as Error)?.name });
    });
}
