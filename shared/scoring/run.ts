import { promises as dnsp } from 'node:dns';
import { parseJsonAnswer, aiProvider } from '../ai/provider.js';
import { CompanyEntity } from '../companies/entities.js';
import { listCompanyIds } from '../company-lists/company-lists.js';
import { RawFetch } from '../enrichment/entities.js';
import { siteValue, targetOf } from '../enrichment/targets.js';
import { CRAWL_QUEUE } from '../enrichment/settings.js';
import { newId } from '../data/ids.js';
import type { TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { ScoringResult, ScoringStepEvent, type Outcome } from './entities.js';
import { icpAnswerOf, promptOf, renderPrompt } from './prompt.js';
import { getScoringTask, type StoredStep } from './tasks.js';

export interface ScoreMessage {
  type: 'score';
  tenantId: string;
  taskId: string;
  companyId: string;
  runId: string;
}

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

/**
 * Runs the task's steps for one company. Step outputs go to the ScoringResult's stepResults; only
 * AI_CONTENT writes the card (ai_score, ai_type, ai_note). Outcome: UNAVAILABLE when the card has no
 * crawled content (not "site down"), SCORED_BELOW_THRESHOLD when the AI score is under the step's
 * threshold (default 5), else ACTIVE. contradictoryFields lists facts that disagree between steps.
 */
export async function scoreCompany(deps: Deps, msg: ScoreMessage) {
  const table = deps.tenantTable(msg.tenantId);
  const task = await getScoringTask(table, msg.taskId);
  const card = await table.get<Record<string, any>>(CompanyEntity.key({ companyId: msg.companyId }));
  if (!card) return;
  const cf = card.customFields ?? {};
  const raw = (
    await table.query<{ rawText: string; page: string; finalUrl: string }>({
      ...RawFetch.query('primary', { companyId: msg.companyId }),
      descending: true,
      limit: 4,
    })
  ).items;
  const content = [cf.site_description ?? '', ...raw.map((r) => r.rawText)].join('\n').trim();
  const target = targetOf(siteValue(card, 'website'));
  const stepResults: Record<string, unknown> = {};
  const contradictory: string[] = [];
  let outcome: Outcome = content ? 'ACTIVE' : 'UNAVAILABLE';
  let reasonCode = content ? 'steps_completed' : 'no_site_content';
  let n = 0;
  for (const step of (task.steps ?? []) as StoredStep[]) {
    const started = Date.now();
    let out: unknown;
    let status = 'ok';
    try {
      switch (step.type) {
        case 'DNS_CHECK':
          out = target.ok ? await dnsCheck(target.host, deps.config.dnsServers) : { resolves: false, reason: target.reasonCode };
          break;
        case 'EMAIL_EXTRACT':
          out = {
            emails: [...new Set([...(content.match(EMAIL) ?? []).map((e) => e.toLowerCase()), ...(cf.site_contacts?.emails ?? []).map((e: any) => e.value)])],
          };
          break;
        case 'PHONE_EXTRACT':
          out = { phones: (cf.site_contacts?.phones ?? []).map((e: any) => e.value) };
          break;
        case 'SOCIAL_LINKS':
          out = { social: (cf.site_contacts?.social ?? []).map((e: any) => e.value) };
          break;
        case 'TECH_DETECT':
          out = { technologies: TECH.filter(([, re]) => re.test(`${cf.site_title ?? ''} ${content}`)).map(([t]) => t) };
          break;
        case 'KEYWORDS':
          out = { found: (step.config?.keywords ?? []).filter((k) => content.toLowerCase().includes(k.toLowerCase())) };
          break;
        case 'AI_CONTENT': {
          if (!content) {
            status = 'skipped';
            out = { reason: 'no_site_content' };
            break;
          }
          const p = promptOf(task.options as Record<string, any>);
          const prompt = renderPrompt(p.template, {
            url: target.ok ? target.url : '',
            title: String(cf.site_title ?? card.name ?? ''),
            description: String(cf.site_description ?? ''),
            keywords: '',
            content,
          });
          const res = await aiProvider(deps.config.ai).complete({ prompt, json: true, timeoutMs: 20_000 });
          const answer = icpAnswerOf(parseJsonAnswer(res.text));
          if (!answer) {
            status = 'failed';
            outcome = 'UNAVAILABLE';
            reasonCode = 'ai_invalid_answer';
            break;
          }
          out = { ...answer, provider: res.provider, model: res.model, source: p.source };
          const threshold = step.config?.threshold ?? 5;
          if (answer.score < threshold) ((outcome = 'SCORED_BELOW_THRESHOLD'), (reasonCode = 'score_below_threshold'));
          else ((outcome = 'ACTIVE'), (reasonCode = answer.target ? 'icp_target' : 'score_ok'));
          if (answer.target && answer.competitor) contradictory.push('target', 'competitor');
          await writeAiFields(table, msg.companyId, {
            ai_score: answer.score,
            ai_type: answer.competitor ? 'competitor' : answer.target ? 'target' : 'other',
            ai_note: (answer.target_note || answer.reason).slice(0, 500),
          });
          break;
        }
        default:
          status = 'unsupported';
          out = { reason: 'step type not run by this build' };
      }
    } catch (e) {
      status = 'failed';
      out = { error: (e as Error).name };
    }
    stepResults[step.type] = out;
    await table.put(
      ScoringStepEvent.item(
        { taskId: msg.taskId, companyId: msg.companyId, n: String(++n).padStart(4, '0') },
        {
          taskId: msg.taskId,
          companyId: msg.companyId,
          step: step.type,
          status,
          durationMs: Date.now() - started,
          at: new Date(deps.clock.now()).toISOString(),
          runId: msg.runId,
        },
      ),
    );
  }
  const dns = stepResults.DNS_CHECK as { resolves?: boolean; mx?: string[] } | undefined;
  const emails = (stepResults.EMAIL_EXTRACT as { emails?: string[] } | undefined)?.emails ?? [];
  if (dns && !dns.resolves && content) contradictory.push('dns', 'content');
  if (dns?.resolves && emails.some((e) => target.ok && e.endsWith(`@${target.host}`)) && dns.mx && dns.mx.length === 0) contradictory.push('email', 'mx');
  if (contradictory.length) stepResults.contradictoryFields = [...new Set(contradictory)];
  await table.put(
    ScoringResult.item(
      { taskId: msg.taskId, companyId: msg.companyId },
      {
        taskId: msg.taskId,
        companyId: msg.companyId,
        outcome,
        reasonCode,
        stepResults,
        contradictory: contradictory.length > 0,
        contradictoryFields: [...new Set(contradictory)],
        runId: msg.runId,
        scoredAt: new Date(deps.clock.now()).toISOString(),
      },
    ),
  );
}

async function writeAiFields(table: TableStore, companyId: string, fields: Record<string, unknown>) {
  for (let i = 0; i < 3; i++) {
    const card = await table.get<Record<string, any>>(CompanyEntity.key({ companyId }));
    if (!card) return;
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

/** Queues scoring of the task's companies (all, or only those whose result is contradictory). */
export async function startScoring(deps: Deps, tenantId: string, taskId: string, opts: { contradictoryOnly?: boolean } = {}) {
  const table = deps.tenantTable(tenantId);
  const task = await getScoringTask(table, taskId);
  const runId = newId(deps.clock.now());
  let ids: string[];
  if (opts.contradictoryOnly) ids = (await listResults(table, taskId, { contradictory: true })).data.map((r) => r.companyId as string);
  else ids = (await listCompanyIds(table, task.companyListId, { max: 10_000 })).companyIds ?? [];
  for (const companyId of ids) await deps.queue?.send(CRAWL_QUEUE, { type: 'score', tenantId, taskId, companyId, runId } satisfies ScoreMessage);
  return { taskId, queued: ids.length, runId };
}

export async function listResults(table: TableStore, taskId: string, q: { contradictory?: boolean }) {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let p = 0; p < 100; p++) {
    const page = await table.query<Record<string, unknown>>({ ...ScoringResult.query('primary', { taskId }), skBeginsWith: 'RESULT#', limit: 200, cursor });
    out.push(...page.items.filter((r) => !q.contradictory || r.contradictory === true));
    if (!(cursor = page.cursor)) break;
  }
  return { data: out.map(({ pk: _p, sk: _s, entity: _e, _v, ...r }) => r), total: out.length };
}

export async function stepEvents(table: TableStore, taskId: string, companyId?: string) {
  const page = await table.query<Record<string, unknown>>({ pk: `SCORE#${taskId}`, skBeginsWith: `STEPEV#${companyId ? `${companyId}#` : ''}`, limit: 500 });
  const data = page.items.map(({ pk: _p, sk: _s, entity: _e, _v, ...r }) => r);
  return { data, total: data.length };
}

export async function scoringStats(table: TableStore, taskId: string) {
  const { data } = await listResults(table, taskId, {});
  const byOutcome: Record<string, number> = { ACTIVE: 0, SCORED_BELOW_THRESHOLD: 0, UNAVAILABLE: 0 };
  const byReason: Record<string, number> = {};
  for (const r of data) (byOutcome[r.outcome as string]++, (byReason[r.reasonCode as string] = (byReason[r.reasonCode as string] ?? 0) + 1));
  return { taskId, scored: data.length, byOutcome, byReason, contradictory: data.filter((r) => r.contradictory).length };
}
