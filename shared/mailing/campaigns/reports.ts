/** What a campaign did and would do: metrics and geo risk (read-only). */
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { SendItem, Task } from '../tasks/entities.js';
import { Recipient, type GeoPolicy, type RecipientRecord } from './entities.js';
import { getCampaignItem } from './campaigns.js';
import { countryFromEmail, geoPolicyOf } from './geo.js';
/** Sent, delivered, opened, clicked, replied (total and unique) from the campaign's send task counters. */
export async function campaignMetrics(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const task = await table.get<Item>(Task.key({ taskId: campaignId }));
  const n = (k: string) => Number(task?.[`n_${k}`] ?? 0);
  const sent = n('sent') + n('bounced');
  return {
    campaignId,
    sent,
    delivered: n('sent'),
    bounced: n('bounced'),
    opened: { total: n('opens'), unique: n('uniqueOpens') },
    clicked: { total: n('clicks'), unique: n('uniqueClicks') },
    replied: { total: n('replied'), unique: n('replied') },
    unsubscribed: n('unsubscribed'),
    queued: n('queued'),
    failed: n('failed'),
    rates: {
      openRate: sent ? n('uniqueOpens') / sent : 0,
      clickRate: sent ? n('uniqueClicks') / sent : 0,
      replyRate: sent ? n('replied') / sent : 0,
    },
  };
}

/** Read-only recipient counts by geo policy and by country (unscreened rows: from the address's ccTLD, marked provisional). */
export async function geoRisk(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const byPolicy: Record<GeoPolicy, number> = { allowed: 0, gdpr_disclosed: 0, opt_in_only: 0, manual_confirm: 0, unknown: 0 };
  const byCountry: Record<string, number> = {};
  let provisional = 0;
  let total = 0;
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await table.query<RecipientRecord>({ ...Recipient.query('primary', { campaignId }), skBeginsWith: 'RCPT#', limit: 1000, cursor });
    for (const r of page.items) {
      total++;
      const country = r.geoPolicy ? r.country : countryFromEmail(r.email);
      const policy = r.geoPolicy ?? geoPolicyOf(country);
      if (!r.geoPolicy) provisional++;
      byPolicy[policy]++;
      byCountry[country ?? 'unknown'] = (byCountry[country ?? 'unknown'] ?? 0) + 1;
    }
    if (!(cursor = page.cursor)) break;
  }
  return {
    campaignId,
    total,
    byPolicy,
    byCountry,
    provisional,
    policies: {
      allowed: 'cold email allowed (US and other countries)',
      gdpr_disclosed: 'GDPR zone: legitimate interest, the contact source is disclosed in the footer, easy opt-out',
      opt_in_only: 'DE/AT: opt-in only, skipped at screen (geo_opt_in_only)',
      manual_confirm: 'RU: prior consent needed, skipped at screen (geo_manual_confirm) until confirmed with evidence (campaigns_confirm_recipients)',
      unknown: 'no country on the contact, its company or the ccTLD',
    },
  };
}

export const SERIES_BUCKETS = { hour: 3600, day: 86_400 } as const;
export type SeriesBucket = keyof typeof SERIES_BUCKETS;
/** The most buckets answered: 31 days of hours, a year of days (the latest ones; `truncated` says when earlier ones were left off). */
export const SERIES_MAX_BUCKETS: Record<SeriesBucket, number> = { hour: 744, day: 366 };
const SERIES_EVENTS = ['sent', 'delivered', 'bounced', 'opened', 'clicked', 'replied'] as const;
type SeriesEvent = (typeof SERIES_EVENTS)[number];

/** When each funnel step happened to one send item: the stamps the send, tracking and reply paths already write. */
function eventTimes(i: Item): [SeriesEvent, unknown][] {
  const bounced = i.status === 'BOUNCED' ? i.updatedAt : undefined;
  return [
    ['sent', i.sentAt ?? bounced],
    ['delivered', i.sentAt],
    ['bounced', bounced],
    ['opened', i.openedAt],
    ['clicked', i.clickedAt],
    ['replied', i.repliedAt],
  ];
}

/**
 * The campaign's funnel per hour or day (UTC bucket starts, unix seconds), from the time stamps on its
 * send items (sentAt, openedAt, clickedAt, repliedAt; a bounce at its final update): nothing is written
 * per send for it. Counts are unique per recipient, as the funnel's rates are. Buckets run from the
 * first event's to the last event's, empty ones included, so a plot's x axis is even.
 */
export async function campaignSeries(deps: Deps, tenantId: string, campaignId: string, bucket: SeriesBucket) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const step = SERIES_BUCKETS[bucket];
  const counts = new Map<number, Record<SeriesEvent, number>>();
  let items = 0;
  for (let cursor: string | undefined, i = 0; i < 1000; i++) {
    const page = await table.query<Item>({ ...SendItem.query('primary', { taskId: campaignId }), limit: 1000, cursor });
    for (const item of page.items) {
      items++;
      for (const [event, at] of eventTimes(item)) {
        const ms = typeof at === 'string' ? Date.parse(at) : NaN;
        if (!Number.isFinite(ms)) continue;
        const start = Math.floor(ms / 1000 / step) * step;
        let row = counts.get(start);
        if (!row) counts.set(start, (row = { sent: 0, delivered: 0, bounced: 0, opened: 0, clicked: 0, replied: 0 }));
        row[event]++;
      }
    }
    if (!(cursor = page.cursor)) break;
  }
  const starts = [...counts.keys()];
  const last = starts.length ? Math.max(...starts) : 0;
  const first = starts.length ? Math.max(Math.min(...starts), last - (SERIES_MAX_BUCKETS[bucket] - 1) * step) : 0;
  const times: number[] = [];
  for (let t = first; starts.length && t <= last; t += step) times.push(t);
  const series = Object.fromEntries(SERIES_EVENTS.map((e) => [e, times.map((t) => counts.get(t)?.[e] ?? 0)])) as Record<SeriesEvent, number[]>;
  return { campaignId, bucket, bucketSeconds: step, times, ...series, items, truncated: starts.some((s) => s < first) };
}
