import { promises as dnsp } from 'node:dns';
import type { TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { listAccounts } from '../senders/accounts.js';
import { DeliverabilityCell } from './entities.js';

/**
 * The deliverability matrix: per sender account × recipient provider, sent / delivered / bounced /
 * replied (the send engine and inbox sync call `recordDeliverability`) and inbox / spam / missing
 * placement (inbox-placement tests). Providers are classified by the recipient domain's MX hosts.
 * Nothing recorded yet = zeros, never an error.
 */
export const PROVIDERS = ['gmail', 'microsoft', 'yahoo', 'yandex', 'mailru', 'other'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const COUNTERS = ['sent', 'delivered', 'bounced', 'replied', 'inbox', 'spam', 'missing'] as const;
export type Counter = (typeof COUNTERS)[number];

const MX_RULES: [RegExp, Provider][] = [
  [/(^|\.)(google\.com|googlemail\.com|gmail-smtp-in\.l\.google\.com)$/, 'gmail'],
  [/(^|\.)(outlook\.com|hotmail\.com|office365\.us|protection\.outlook\.com)$/, 'microsoft'],
  [/(^|\.)(yahoodns\.net|yahoo\.com)$/, 'yahoo'],
  [/(^|\.)(yandex\.(ru|net|com))$/, 'yandex'],
  [/(^|\.)mail\.ru$/, 'mailru'],
];
const DOMAIN_RULES: Record<string, Provider> = {
  'gmail.com': 'gmail',
  'googlemail.com': 'gmail',
  'outlook.com': 'microsoft',
  'hotmail.com': 'microsoft',
  'live.com': 'microsoft',
  'yahoo.com': 'yahoo',
  'yandex.ru': 'yandex',
  'ya.ru': 'yandex',
  'mail.ru': 'mailru',
  'bk.ru': 'mailru',
  'list.ru': 'mailru',
  'inbox.ru': 'mailru',
};

export function providerOfMx(mxHosts: string[]): Provider {
  for (const mx of mxHosts.map((h) => h.toLowerCase().replace(/\.$/, ''))) for (const [re, p] of MX_RULES) if (re.test(mx)) return p;
  return 'other';
}

/** Classifies a recipient domain by its MX (through DNS_SERVERS); well-known consumer domains without a look-up. */
export async function classifyRecipientDomain(deps: Deps, domain: string): Promise<Provider> {
  const d = domain.toLowerCase();
  if (DOMAIN_RULES[d]) return DOMAIN_RULES[d];
  const r = new dnsp.Resolver({ timeout: 3000, tries: 2 });
  if (deps.config.dnsServers?.length) r.setServers(deps.config.dnsServers);
  const mx = await r.resolveMx(d).catch(() => []);
  return providerOfMx(mx.map((m) => m.exchange));
}

/** Adds to the counters of one cell (the send engine: sent/delivered/bounced; inbox sync: replied; placement tests: inbox/spam/missing). */
export async function recordDeliverability(table: TableStore, accountId: string, provider: Provider, counts: Partial<Record<Counter, number>>) {
  const add = Object.fromEntries(
    Object.entries(counts).filter(([k, v]) => (COUNTERS as readonly string[]).includes(k) && typeof v === 'number' && v !== 0),
  ) as Record<string, number>;
  if (!Object.keys(add).length) return;
  await table.update(DeliverabilityCell.key({ accountId, provider }), {
    add,
    setIfMissing: { entity: DeliverabilityCell.name, _v: DeliverabilityCell.version, accountId, provider },
  });
}

const zero = () => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<Counter, number>;

export async function getMatrix(table: TableStore) {
  const accounts = await listAccounts(table, { pageSize: 100 });
  const cells = await table.query<Record<string, unknown>>({ pk: 'DLVMATRIX', limit: 1000 });
  const byKey = new Map(cells.items.map((c) => [`${c.accountId}#${c.provider}`, c]));
  const rows = accounts.data.map((a) => ({
    accountId: a.id,
    email: a.email,
    providers: Object.fromEntries(
      PROVIDERS.map((p) => {
        const c = byKey.get(`${a.id}#${p}`) ?? {};
        const counts = zero();
        for (const k of COUNTERS) counts[k] = Number(c[k] ?? 0);
        const placed = counts.inbox + counts.spam + counts.missing;
        return [p, { ...counts, inboxRate: placed ? counts.inbox / placed : null }];
      }),
    ),
  }));
  return { providers: [...PROVIDERS], counters: [...COUNTERS], rows };
}
