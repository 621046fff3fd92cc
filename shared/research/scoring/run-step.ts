import { promises as dnsp } from 'node:dns';
import { parseJsonAnswer, aiProvider } from '../../platform/ai/provider.js';
import type { Target } from '../enrichment/targets.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { CompanyEntity, isCompany } from '../../crm/companies/entities.js';
import { cardField } from './checks/card-field.js';
import { companySize } from './checks/company-size.js';
import { domainAge } from './checks/domain-age.js';
import { ok, failed, unavailable, type StepOutcome } from './checks/outcome.js';
import { registryLookup } from './checks/registry-lookup.js';
import { sslCheck } from './checks/ssl-check.js';
import { icpAnswerOf, promptOf, renderPrompt, type IcpAnswer } from './prompt.js';
import type { StoredStep } from './tasks.js';

/** What every step of one company sees. */
export interface StepInputs {
  taskId: string;
  companyId: string;
  taskOptions: Record<string, unknown> | undefined;
  card: Record<string, any>;
  contactId?: string;
  content: string;
  target: Target;
}

/** The AI_CONTENT verdict, which decides the company's outcome. */
export type StepRun = StepOutcome & { icp?: IcpAnswer };

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,24}/gi;
/** TECH_DETECT fingerprints over the stored page text and title (the crawl keeps text, not HTML). */
const TECH: [string, RegExp][] = [
  ['wordpress', /wordpress|wp-content/i],
  ['bitrix', /bitrix/i],
  ['tilda', /tilda/i],
  ['shopify', /shopify/i],
  ['wix', /\bwix\b/i],
  ['joomla', /joomla/i],
  ['drupal', /drupal/i],
  ['react', /\breact\b/i],
  ['jquery', /jquery/i],
  ['google_analytics', /google analytics|gtag\(/i],
  ['yandex_metrika', /metrika|yandex\.metrica/i],
  ['1c', /\b1c\b|1с-битрикс/i],
];

async function dnsCheck(host: string, servers?: string[]) {
  const r = new dnsp.Resolver({ timeout: 3000, tries: 1 });
  if (servers?.length) r.setServers(servers);
  const [a, mx] = await Promise.allSettled([r.resolve4(host), r.resolveMx(host)]);
  return {
    host,
    a: a.status === 'fulfilled' ? a.value : [],
    mx: mx.status === 'fulfilled' ? mx.value.map((m) => m.exchange) : [],
    resolves: a.status === 'fulfilled' && a.value.length > 0,
  };
}

/** Steps that read the crawled text: without it the company is UNAVAILABLE (no_site_content). */
export const NEEDS_CONTENT = new Set(['KEYWORDS', 'EMAIL_EXTRACT', 'TECH_DETECT', 'COMPANY_SIZE', 'AI_CONTENT', 'AI_CARD_FIELD']);

/**
 * Runs one step. Each writes only what the spec lets it: AI_CONTENT the card's ai_score/ai_type/ai_note,
 * NALOG_LOOKUP its registry fields (inn and tax custom fields), AI_/WEBHOOK_CARD_FIELD the one field it
 * names, the others nothing but their step result.
 */
export async function runStep(deps: Deps, table: TableStore, step: StoredStep, i: StepInputs): Promise<StepRun> {
  const cf = i.card.customFields ?? {};
  const now = deps.clock.now();
  const site = i.target.ok ? i.target : undefined;
  const vars = {
    url: site?.url ?? '',
    title: String(cf.site_title ?? i.card.name ?? ''),
    description: String(cf.site_description ?? ''),
    keywords: '',
    content: i.content,
  };
  switch (step.type) {
    case 'DNS_CHECK':
      return ok(site ? await dnsCheck(site.host, deps.config.dnsServers) : { resolves: false, reason: (i.target as { reasonCode: string }).reasonCode });
    case 'DOMAIN_AGE':
      return site ? domainAge(deps.config.enrichment.rdapBaseUrl, site.host, now) : unavailable('no_domain');
    case 'SSL_CHECK':
      return site ? sslCheck({ allowLoopback: deps.config.allowLoopbackTargets, dnsServers: deps.config.dnsServers }, site, now) : unavailable('no_domain');
    case 'EMAIL_EXTRACT':
      return ok({
        emails: [...new Set([...(i.content.match(EMAIL) ?? []).map((e) => e.toLowerCase()), ...(cf.site_contacts?.emails ?? []).map((e: any) => e.value)])],
      });
    case 'PHONE_EXTRACT':
      return ok({ phones: (cf.site_contacts?.phones ?? []).map((e: any) => e.value) });
    case 'SOCIAL_LINKS':
      return ok({ social: (cf.site_contacts?.social ?? []).map((e: any) => e.value) });
    case 'TECH_DETECT':
      return ok({ technologies: TECH.filter(([, re]) => re.test(`${cf.site_title ?? ''} ${i.content}`)).map(([t]) => t) });
    case 'KEYWORDS':
      return ok({ found: (step.config?.keywords ?? []).filter((k) => i.content.toLowerCase().includes(k.toLowerCase())) });
    case 'COMPANY_SIZE':
      return i.content ? companySize(i.content) : { status: 'skipped', out: { reason: 'no_site_content' } };
    case 'NALOG_LOOKUP':
      return registryLookup(deps.config.registry, table, { ...i.card, id: i.companyId }, now);
    case 'AI_CARD_FIELD':
    case 'WEBHOOK_CARD_FIELD':
      return cardField(deps, table, step, { taskId: i.taskId, card: { ...i.card, id: i.companyId }, contactId: i.contactId, vars });
    case 'AI_CONTENT':
      return aiContent(deps, table, step, i, vars);
  }
}

async function aiContent(deps: Deps, table: TableStore, step: StoredStep, i: StepInputs, vars: Parameters<typeof renderPrompt>[1]): Promise<StepRun> {
  if (!i.content) return { status: 'skipped', out: { reason: 'no_site_content' } };
  const p = promptOf(i.taskOptions as Record<string, any>);
  const res = await aiProvider(deps.config.ai).complete({ prompt: renderPrompt(p.template, vars), json: true, timeoutMs: 20_000 });
  const answer = icpAnswerOf(parseJsonAnswer(res.text));
  if (!answer) return failed('ai_invalid_answer');
  await writeAiFields(table, i.companyId, {
    ai_score: answer.score,
    ai_type: answer.competitor ? 'competitor' : answer.target ? 'target' : 'other',
    ai_note: (answer.target_note || answer.reason).slice(0, 500),
  });
  return { ...ok({ ...answer, provider: res.provider, model: res.model, source: p.source }), icp: answer };
}

/** ai_score, ai_type, ai_note: fixed card fields (no definition needed), merged under the card's version. */
async function writeAiFields(table: TableStore, companyId: string, fields: Record<string, unknown>) {
  for (let n = 0; n < 3; n++) {
    const card = await table.get<Record<string, any>>(CompanyEntity.key({ companyId }));
    if (!isCompany(card)) return;
    try {
      await table.update(CompanyEntity.key({ companyId }), {
        set: { customFields: { ...(card.customFields ?? {}), ...fields }, version: (card.version ?? 1) + 1 },
        condition: { expression: '#v = :v', names: { '#v': 'version' }, values: { ':v': card.version ?? 1 } },
      });
      return;
    } catch {
      // changed concurrently: read again
    }
  }
}
