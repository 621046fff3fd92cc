/** What a campaign did and would do: metrics and geo risk (read-only). */
import type { Item } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { Task } from '../tasks/entities.js';
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
