import { randomBytes } from 'node:crypto';
import { forbidden } from '../errors.js';
import { sha256 } from '../security/secrets.js';
import { ConditionFailed } from '../ports/table-store.js';
import type { OperationContext } from '../runtime/context.js';
import type { Deps } from '../runtime/deps.js';
import type { Principal } from '../runtime/principal.js';
import { CapabilityReceipt } from './entities.js';

/**
 * Campaign sender capability receipts (spec G): a short-lived, single-use token bound to one tenant and
 * one key, which a campaign create or update must present in `X-SDR-Capability-Receipt` when it changes
 * `senderConfig` or `sendWindow`. Only the SHA-256 of the token is stored; consumption is one
 * conditional update, so two concurrent uses cannot both succeed.
 */
export const RECEIPT_HEADER = 'X-SDR-Capability-Receipt';
export const RECEIPT_PREFIX = 'svc_cr_';
export const RECEIPT_TTL_MS = 10 * 60_000;

export interface ReceiptBinding {
  tenantId: string;
  /** The API key id, or `session:<userId>` for a session caller. */
  keyId: string;
}

/** What a receipt is bound to for a caller: the key, or the user behind a session. */
export const receiptSubject = (p: Principal) => p.keyId ?? `session:${p.userId ?? p.accountId}`;

export async function issueReceipt(deps: Deps, binding: ReceiptBinding) {
  const now = deps.clock.now();
  const receipt = RECEIPT_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + RECEIPT_TTL_MS).toISOString();
  await deps.platform.put(
    CapabilityReceipt.item(
      { receiptHash: sha256(receipt) },
      {
        tenantId: binding.tenantId,
        keyId: binding.keyId,
        issuedAt: new Date(now).toISOString(),
        expiresAtMs: now + RECEIPT_TTL_MS,
        expiresAt,
        ttl: Math.ceil((now + RECEIPT_TTL_MS) / 1000) + 3600,
      },
    ),
    { expression: 'attribute_not_exists(pk)' },
  );
  return {
    receipt,
    header: RECEIPT_HEADER,
    tenantId: binding.tenantId,
    expiresAt,
    ttlSeconds: RECEIPT_TTL_MS / 1000,
    singleUse: true,
    appliesTo: ['senderConfig', 'sendWindow'],
  };
}

export type ReceiptFailure = 'capability_receipt_required' | 'capability_receipt_invalid';

/**
 * Verifies and consumes a receipt in one conditional write: it must exist, be unused, unexpired and
 * bound to this tenant and key. Throws 403 `capability_receipt_required` (no receipt) or
 * `capability_receipt_invalid` (anything else, one answer for every cause).
 */
export async function verifyAndConsumeReceipt(deps: Deps, input: ReceiptBinding & { receipt: string | undefined | null }) {
  const receipt = input.receipt?.trim();
  if (!receipt) throw receiptError('capability_receipt_required');
  if (!/^svc_cr_[A-Za-z0-9_-]{43}$/.test(receipt)) throw receiptError('capability_receipt_invalid');
  const now = deps.clock.now();
  try {
    await deps.platform.update(CapabilityReceipt.key({ receiptHash: sha256(receipt) }), {
      set: { consumedAt: new Date(now).toISOString() },
      condition: {
        expression: 'attribute_exists(pk) AND attribute_not_exists(consumedAt) AND tenantId = :t AND keyId = :k AND expiresAtMs > :now',
        values: { ':t': input.tenantId, ':k': input.keyId, ':now': now },
      },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) throw receiptError('capability_receipt_invalid');
    throw e;
  }
  return { consumed: true as const };
}

/**
 * For campaign create/update handlers: when the body changes `senderConfig` or `sendWindow`, the
 * request must carry a valid receipt for the caller's tenant and key (consumed here).
 */
export async function requireReceiptForSenderChange(ctx: OperationContext, body: Record<string, unknown> | undefined) {
  if (!body || (body.senderConfig === undefined && body.sendWindow === undefined)) return;
  if (!ctx.tenant || !ctx.principal) throw receiptError('capability_receipt_required');
  await verifyAndConsumeReceipt(ctx.deps, {
    tenantId: ctx.tenant.tenantId,
    keyId: receiptSubject(ctx.principal),
    receipt: ctx.request.headers[RECEIPT_HEADER.toLowerCase()],
  });
}

const receiptError = (code: ReceiptFailure) =>
  forbidden(
    code === 'capability_receipt_required'
      ? `Changing senderConfig or sendWindow needs a capability receipt in ${RECEIPT_HEADER} (GET /api/v1/agent-guide/campaign-sender-capability)`
      : 'Capability receipt is invalid, expired, already used or bound to another tenant or key',
    { code },
  );
