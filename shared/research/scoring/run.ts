import { CompanyEntity, isCompany } from '../../crm/companies/entities.js';
import { RawFetch } from '../enrichment/entities.js';
import { registrableTarget } from '../enrichment/registrable.js';
import { siteValue } from '../enrichment/targets.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ScoringResult, ScoringStepEvent, type Outcome } from './entities.js';
import { NEEDS_CONTENT, runStep, type StepRun } from './run-step.js';
import { getScoringTask, type StoredStep } from './tasks.js';
import { companyContactIds } from '../../crm/contacts/company-contacts.js';
import type { ScoreMessage } from './results.js';

// The enrichment worker names the message with the scoring it runs.
export type { ScoreMessage } from './results.js';

/**
 * Runs the task's steps for one company (shared/research/scoring/run-step.ts). Step outputs go to the
 * ScoringResult's stepResults; only AI_CONTENT (ai_score, ai_type, ai_note), NALOG_LOOKUP (taxId and
 * registry custom fields) and AI_/WEBHOOK_CARD_FIELD (one custom field) write cards. Outcome:
 * UNAVAILABLE when a step needs crawled content and the card has none (not "site down"), or when every
 * step was UNAVAILABLE (the first one's reasonCode); SCORED_BELOW_THRESHOLD when the AI score is under
 * the step's threshold (default 5), else ACTIVE. contradictoryFields lists facts that disagree.
 */
export async function scoreCompany(deps: Deps, msg: ScoreMessage) {
  const table = deps.tenantTable(msg.tenantId);
  const task = await getScoringTask(table, msg.taskId);
  const card = await table.get<Record<string, any>>(CompanyEntity.key({ companyId: msg.companyId }));
  if (!isCompany(card)) return;
  const cf = card.customFields ?? {};
  const raw = (
    await table.query<{ rawText: string; page: string; finalUrl: string }>({
      ...RawFetch.query('primary', { companyId: msg.companyId }),
      descending: true,
      limit: 4,
    })
  ).items;
  const content = [cf.site_description ?? '', ...raw.map((r) => r.rawText)].join('\n').trim();
  const target = registrableTarget(siteValue(card, 'website'));
  const steps = (task.steps ?? []) as StoredStep[];
  const firstContactId = steps.some((s) => s.config?.targetEntity === 'CONTACT') ? (await companyContactIds(table, msg.companyId, 1))[0] : undefined;
  const inputs = {
    taskId: msg.taskId,
    companyId: msg.companyId,
    taskOptions: task.options as Record<string, unknown>,
    card,
    contactId: firstContactId,
    content,
    target,
  };
  const stepResults: Record<string, unknown> = {};
  const contradictory: string[] = [];
  const needsContent = steps.some((s) => NEEDS_CONTENT.has(s.type));
  let outcome: Outcome = content || !needsContent ? 'ACTIVE' : 'UNAVAILABLE';
  let reasonCode = outcome === 'ACTIVE' ? 'steps_completed' : 'no_site_content';
  const unavailableReasons: string[] = [];
  let n = 0;
  for (const step of steps) {
    const started = Date.now();
    let run: StepRun;
    try {
      run = await runStep(deps, table, step, inputs);
    } catch (e) {
      run = { status: 'failed', out: { error: (e as Error).name } };
    }
    if (run.status === 'unavailable') unavailableReasons.push(String(run.out.reasonCode));
    if (step.type === 'AI_CONTENT' && run.status === 'failed') ((outcome = 'UNAVAILABLE'), (reasonCode = String(run.out.reasonCode ?? 'ai_failed')));
    if (run.icp) {
      const threshold = step.config?.threshold ?? 5;
      if (run.icp.score < threshold) ((outcome = 'SCORED_BELOW_THRESHOLD'), (reasonCode = 'score_below_threshold'));
      else ((outcome = 'ACTIVE'), (reasonCode = run.icp.target ? 'icp_target' : 'score_ok'));
      if (run.icp.target && run.icp.competitor) contradictory.push('target', 'competitor');
    }
    // A second step of one type (two AI_CARD_FIELD fields) keeps its own entry: TYPE#2, TYPE#3, ...
    const key = step.type in stepResults ? `${step.type}#${steps.filter((s) => s.type === step.type).indexOf(step) + 1}` : step.type;
    stepResults[key] = run.out;
    await table.put(
      ScoringStepEvent.item(
        { taskId: msg.taskId, companyId: msg.companyId, n: String(++n).padStart(4, '0') },
        {
          taskId: msg.taskId,
          companyId: msg.companyId,
          step: step.type,
          status: run.status,
          ...(run.status === 'unavailable' || run.status === 'failed' ? { reasonCode: run.out.reasonCode ?? null } : {}),
          durationMs: Date.now() - started,
          at: new Date(deps.clock.now()).toISOString(),
          runId: msg.runId,
        },
      ),
    );
  }
  if (outcome === 'ACTIVE' && steps.length > 0 && unavailableReasons.length === steps.length) ((outcome = 'UNAVAILABLE'), (reasonCode = unavailableReasons[0]));
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
