import { paymentRequired, unauthorized } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { AccountRecord } from './account.js';
import { newId } from '../../platform/data/ids.js';
import { countMessage, quotaPeriod, readQuota } from './quota.js';
import { Account, AccountMessage, AccountQuota } from './entities.js';

export interface OutboundMessageInput {
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

/**
 * Sandbox outbound message: stored held for moderation and counted against the monthly quota in one
 * transaction, so concurrent sends can never exceed it.
 */
export async function queueMessage(deps: Deps, accountId: string, input: OutboundMessageInput) {
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId }));
  if (!account) throw unauthorized();
  const now = deps.clock.now();
  const { month, resetsAt } = quotaPeriod(now);
  const id = newId(now);
  const createdAt = new Date(now).toISOString();
  try {
    await countMessage(deps.platform, accountId, month, () =>
      deps.platform.transact([
        {
          update: AccountQuota.key({ accountId, month }),
          spec: {
            add: { used: 1 },
            set: { ttl: Math.ceil(Date.parse(resetsAt) / 1000) + 400 * 86400, entity: AccountQuota.name, _v: AccountQuota.version },
            condition: { expression: 'attribute_not_exists(used) OR used < :limit', values: { ':limit': account.monthlyQuota } },
          },
        },
        { put: AccountMessage.item({ accountId, messageId: id }, { id, ...input, status: 'queued_for_moderation', createdAt }) },
      ]),
    );
  } catch (e) {
    if (e instanceof ConditionFailed) {
      throw paymentRequired({ error: 'quota_exceeded', message: `Monthly quota of ${account.monthlyQuota} messages is spent`, resets_at: resetsAt });
    }
    throw e;
  }
  const quota = await readQuota(deps.platform, deps.clock, accountId, account.monthlyQuota);
  return { id, status: 'queued_for_moderation' as const, to: input.to, subject: input.subject, createdAt, quota };
}
