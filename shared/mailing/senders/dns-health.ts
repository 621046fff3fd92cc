import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { EmailAccount, type EmailAccountItem } from './entities.js';
import { requireAccount } from './accounts.js';
import { probeDns } from './probe.js';

/**
 * DNS health of a sender's domain (the spec makes it mandatory): SPF, DKIM and DMARC, each pass / warn /
 * fail with a fix hint (dns-checks.ts, run by the mailbox probe); the verdict is the worst of them. A
 * failing verdict makes the mailbox unsendable until fixed or acknowledged.
 */
export type Verdict = 'pass' | 'warn' | 'fail';
export interface DnsCheck {
  check: 'spf' | 'dkim' | 'dmarc';
  status: Verdict;
  found: boolean;
  record: string | null;
  detail: string;
  fix: string | null;
}

const rank: Record<Verdict, number> = { pass: 0, warn: 1, fail: 2 };

export async function checkAccountDns(deps: Deps, table: TableStore, id: string, opts: { dkimSelector?: string } = {}) {
  const a: EmailAccountItem = await requireAccount(table, id);
  const domain = a.email.split('@')[1];
  const checks = await probeDns(deps, domain, a.smtpHost, opts.dkimSelector);
  const status = checks.reduce<Verdict>((w, c) => (rank[c.status] > rank[w] ? c.status : w), 'pass');
  const at = new Date(deps.clock.now()).toISOString();
  await table.update(EmailAccount.key({ accountId: id }), {
    set: { dnsStatus: status, dnsCheckedAt: at, updatedAt: at },
    condition: { expression: 'attribute_exists(pk)' },
  });
  const sendable = status !== 'fail' || Boolean(a.dnsAcknowledgedAt);
  return { accountId: id, domain, status, checkedAt: at, checks, sendable, acknowledged: Boolean(a.dnsAcknowledgedAt) };
}
