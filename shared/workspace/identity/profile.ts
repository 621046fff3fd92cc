import type { Deps } from '../../platform/runtime/deps.js';
import type { Principal } from '../../platform/runtime/principal.js';
import { unauthorized } from '../../platform/errors.js';
import type { AccountRecord } from './account.js';
import { quotaPeriod, quotaView, recallQuotaUsed, type QuotaView } from './quota.js';
import { Account } from './entities.js';
import { recallSettledAccount } from './key-cache.js';

export interface Profile {
  flow: AccountRecord['flow'];
  email: string;
  scope: AccountRecord['scope'];
  moderation_status: AccountRecord['moderation_status'];
  quota: QuotaView;
  /** Full accounts: where the registration stands (`awaiting_email_confirm` … `approved`). */
  state?: string;
  status?: AccountRecord['status'];
  tenant_id?: string;
  created_at: string;
}

/**
 * GET /v1/me: the spec's Profile table, plus the registration state for full accounts. A settled
 * account's fields never change (key-cache.ts), so the one read with the key a moment ago is as current
 * as a new read; another account is read, at the same time as the month's counter (one round trip).
 * The counter is remembered for the same bound as the key (quota.ts `recallQuotaUsed`).
 */
export async function profileOf(deps: Deps, principal: Principal): Promise<Profile> {
  if (!principal.accountId) throw unauthorized();
  const now = deps.clock.now();
  const period = quotaPeriod(now);
  const [account, used] = await Promise.all([
    recallSettledAccount(principal.accountId, now, deps.config.keyCacheMs) ?? deps.platform.get<AccountRecord>(Account.key({ accountId: principal.accountId })),
    recallQuotaUsed(deps.platform, principal.accountId, period.month, now, deps.config.keyCacheMs),
  ]);
  if (!account) throw unauthorized();
  const quota = quotaView(period, account.monthlyQuota, used);
  return {
    flow: account.flow,
    email: account.email,
    scope: account.scope,
    moderation_status: account.moderation_status,
    quota,
    ...(account.flow !== 'sandbox'
      ? { state: account.registrationState ?? (account.status === 'ACTIVE' ? 'approved' : 'pending'), status: account.status }
      : {}),
    ...(account.tenantId ? { tenant_id: account.tenantId } : {}),
    created_at: account.createdAt,
  };
}
