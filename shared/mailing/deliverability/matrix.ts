import { promises as dnsp } from 'node:dns';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
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

/**
 * The provider of a recipient address for the send path: known consumer domains at once, others by
 * MX (one try, 1.5 s), remembered per process for an hour (a miss is remembered as 'other' too, so a
 * domain without MX costs one look-up, not one per email).
 */
const providerCache = new Map<string, { provider: Provider; until: number }>();
export async function providerOfAddress(deps: Deps, email: string): Promise<Provider> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (DOMAIN_RULES[domain]) return DOMAIN_RULES[domain];
  const now = deps.clock.now();
  const hit = providerCache.get(domain);
  if (hit && hit.until > now) return hit.provider;
  // One lookup per domain at a time: a batch's emails to one new domain share it (each used to wait
  // out its own MX query, up to the 1.5 s timeout).
  const pending = mxLookups.get(domain);
  if (pending) return pending;
  const lookup = (async () => {
    const r = new dnsp.Resolver({ timeout: 1500, tries: 1 });
    if (deps.config.dnsServers?.length) r.setServers(deps.config.dnsServers);
    const provider = providerOfMx((await r.resolveMx(domain).catch(() => [])).map((m) => m.exchange));
    if (providerCache.size >= 10_000) providerCache.clear();
    providerCache.set(domain, { provider, until: now + 3_600_000 });
    return provider;
  })().finally(() => mxLookups.delete(domain));
  mxLookups.set(domain, lookup);
  return lookup;
}
const mxLookups = new Map<string, Promise<Provider>>();

/** The day-row attribute a send (recordSend: sent, bounced) or a counted first reply (inbox sync: replied) adds to for the matrix. */
export const dayCounterAttr = (provider: Provider, counter: 'sent' | 'bounced' | 'replied') => `dlv_${provider}_${counter}`;

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

/** Every `dlv_*` counter of one mailbox's day rows, summed (bounded: ~3 years of days). */
async function sumDayRows(table: TableStore, accountId: string) {
  const sums: Record<string, number> = {};
  for (let cursor: string | undefined, i = 0; i < 3; i++) {
    const page = await table.query<Record<string, unknown>>({ pk: `MAILBOX#${accountId}`, skBeginsWith: 'DAY#', limit: 400, cursor });
    for (const row of page.items) for (const [k, v] of Object.entries(row)) if (k.startsWith('dlv_') && typeof v === 'number') sums[k] = (sums[k] ?? 0) + v;
    cursor = page.cursor;
    if (!cursor) break;
  }
  return sums;
}

const zero = () => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<Counter, number>;

/**
 * Sends and bounces come from the mailbox day rows the send engine writes anyway (no extra write per
 * email), first replies from the same rows (one more item in the inbox sync's reply transaction);
 * placement results (inbox/spam/missing) and anything recorded directly from the cells.
 */
export async function getMatrix(table: TableStore) {
  const accounts = await listAccounts(table, { pageSize: 100 });
  const cells = await table.query<Record<string, unknown>>({ pk: 'DLVMATRIX', limit: 1000 });
  const byKey = new Map(cells.items.map((c) => [`${c.accountId}#${c.provider}`, { ...c }]));
  for (const a of accounts.data) {
    for (const [attr, n] of Object.entries(await sumDayRows(table, a.id))) {
      const [, provider, counter] = attr.split('_');
      const cell = byKey.get(`${a.id}#${provider}`) ?? {};
      const add = (k: Counter) => (cell[k] = Number(cell[k] ?? 0) + n);
      // An accepted send is sent and delivered (to the receiving server); a 5xx refusal is sent and bounced;
      // a recipient's first real reply (inbox sync) is replied.
      if (counter === 'replied') add('replied');
      else if (counter === 'sent' || counter === 'bounced') {
        add('sent');
        add(counter === 'sent' ? 'delivered' : 'bounced');
      }
      byKey.set(`${a.id}#${provider}`, cell);
    }
  }
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
