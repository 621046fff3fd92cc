import * as z from 'zod';
import { BRIEF_JSON_LINE, BRIEF_REVIEW_CONTRACT } from '../../platform/ai/builtin-brief-review.js';
import { parseJsonAnswer } from '../../platform/ai/provider.js';
import { AiUnavailable, type AiProvider } from '../../platform/ports/ai.js';
import { log } from '../../platform/runtime/logger.js';
import type { BriefView } from './briefs.js';
import { reviewBrief, type Finding } from './expert.js';

/**
 * The brief review through the AI provider port. The rule findings (expert.ts) are the floor and are
 * always returned; the provider adds findings in the same shape (what is missing or contradictory
 * beyond the rules). An outage, an open breaker or an answer that is not the contract degrades to the
 * rule findings with `ai.status` saying why: never an error for the caller.
 */

const MAX_AI_FINDINGS = 20;
const FINDING_PATH = /^(content(\.[A-Za-z0-9_]{1,60}){0,6}|variables(\.[A-Za-z0-9_]{1,48})?|targetCompanyListId|memory)$/;

const aiFinding = z.object({
  path: z.string().regex(FINDING_PATH),
  kind: z.enum(['missing', 'contradiction', 'weak', 'open_question']),
  severity: z.enum(['high', 'medium', 'low']),
  message: z.string().trim().min(1).max(2000),
  suggestion: z.string().trim().max(2000).default(''),
});

export type SourcedFinding = Finding & { source: 'rules' | 'ai' };
export interface AiReviewStatus {
  provider: string;
  model: string;
  status: 'ok' | 'unavailable' | 'invalid_answer';
  reason?: string;
  added: number;
  dropped: number;
}

const SYSTEM = [
  'You review briefs for B2B cold email campaigns: what is missing, what contradicts itself, what is too weak to write good copy from.',
  `${BRIEF_REVIEW_CONTRACT}. Answer with one JSON object only: {"findings": [{"path": "content.<field path>" | "variables.<name>" | "targetCompanyListId",`,
  '"kind": "missing" | "contradiction" | "weak" | "open_question", "severity": "high" | "medium" | "low", "message": string, "suggestion": string}]}.',
  'Do not repeat the known findings. Answer {"findings": []} when you have nothing to add.',
].join(' ');

function promptOf(brief: BriefView, known: Finding[]) {
  const doc = { description: brief.description, targetCompanyListId: brief.targetCompanyListId, content: brief.content, variables: brief.variables };
  const knownLines = known.map((f) => `- ${f.kind} ${f.path}: ${f.message}`).join('\n') || '- none';
  return `${BRIEF_JSON_LINE}${JSON.stringify(doc).slice(0, 30_000)}\nKnown findings:\n${knownLines}`;
}

/** Keeps the valid findings of an answer, minus those the rules already made; undefined when it is not the contract. */
export function aiFindingsOf(text: string, known: Finding[]): { findings: Finding[]; dropped: number } | undefined {
  const answer = parseJsonAnswer(text);
  if (!answer || !Array.isArray(answer.findings)) return undefined;
  const seen = new Set(known.map((f) => `${f.kind}|${f.path}|${f.message.toLowerCase()}`));
  const findings: Finding[] = [];
  let dropped = 0;
  for (const raw of answer.findings as unknown[]) {
    const r = aiFinding.safeParse(raw);
    const key = r.success ? `${r.data.kind}|${r.data.path}|${r.data.message.toLowerCase()}` : '';
    if (!r.success || seen.has(key) || findings.length >= MAX_AI_FINDINGS) {
      dropped++;
      continue;
    }
    seen.add(key);
    findings.push(r.data);
  }
  return { findings, dropped };
}

export async function expertReview(brief: BriefView, memory: { kind: string; text: string; path?: unknown }[], ai: AiProvider) {
  const rules = reviewBrief(brief, memory);
  const status: AiReviewStatus = { provider: ai.name, model: ai.model, status: 'ok', added: 0, dropped: 0 };
  let added: Finding[] = [];
  try {
    const res = await ai.complete({ system: SYSTEM, prompt: promptOf(brief, rules), json: true, timeoutMs: 15_000, maxTokens: 1500 });
    const parsed = aiFindingsOf(res.text, rules);
    if (!parsed) Object.assign(status, { status: 'invalid_answer', reason: 'the provider did not answer {"findings": [...]}' });
    else ((added = parsed.findings), Object.assign(status, { added: added.length, dropped: parsed.dropped }));
  } catch (e) {
    if (!(e instanceof AiUnavailable)) throw e;
    Object.assign(status, { status: 'unavailable', reason: e.breakerOpen ? `circuit open (${ai.name})` : `${ai.name}: ${e.message}`.slice(0, 300) });
    log.warn('AI brief review unavailable; rule findings only', { provider: ai.name, message: e.message });
  }
  const findings: SourcedFinding[] = [...rules.map((f) => ({ ...f, source: 'rules' as const })), ...added.map((f) => ({ ...f, source: 'ai' as const }))];
  return { findings, ai: status, degraded: status.status !== 'ok' };
}
