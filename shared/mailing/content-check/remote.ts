import { AppError } from '../../platform/errors.js';
import { HtmlTooComplex, type HtmlTooComplexReason } from '../../platform/html/bounds.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { CheckStats, RuleHit } from './score.js';

/**
 * The content rules (rules.ts) behind one callable function, `content_rules` (background.ts, run by
 * rules-worker.ts), for the operations that answer with the rules' results: the content check and the
 * audit of submitted renders. The rules' parsers, entity tables and the public suffix list (~200 KB
 * bundled) stay out of those operations: in AWS the rules run in their own Lambda, invoked and waited
 * for; in the embedded runtime in-process. The operations answer as before: the callable returns the
 * same hits and stats, and a refusal (HTML over the bounds, the parse pool busy) as the same error.
 */
export const CONTENT_RULES = 'content_rules';

export interface ContentRulesRequest {
  subject: string;
  html: string;
  /** Run in a worker thread within this budget (the content check's up to 200 KB of HTML); else on the calling thread. */
  offThread?: { budgetMs: number; what: string };
  /** Also answer the email's plain-text part (creatives/render.ts htmlToText), for renders submitted without one. */
  plainText?: boolean;
}

export type ContentRulesAnswer =
  | { hits: RuleHit[]; stats: CheckStats; text?: string }
  | { tooComplex: { reason: HtmlTooComplexReason; detail: string } }
  | { refused: { status: number; body: Record<string, unknown> | null; headers: Record<string, string> } };

/** The rules' hits and stats of one rendered email; throws the 400 (HtmlTooComplex) or 503 the rules refused with. */
export async function contentRules(deps: Pick<Deps, 'callables'>, request: ContentRulesRequest) {
  if (!deps.callables) throw new Error(`${CONTENT_RULES} is not wired (deps.callables)`);
  const answer = (await deps.callables.call(CONTENT_RULES, request)) as ContentRulesAnswer;
  if ('tooComplex' in answer) throw new HtmlTooComplex(answer.tooComplex.reason, answer.tooComplex.detail);
  if ('refused' in answer) throw new AppError(answer.refused.status, answer.refused.body, answer.refused.headers);
  return answer;
}
