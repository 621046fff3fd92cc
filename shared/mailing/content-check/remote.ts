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

/** One call carries several emails, answered in order: a submission of 100 renders is one or a few invocations, not 100. */
export interface ContentRulesCall {
  emails: ContentRulesRequest[];
}
export interface ContentRulesReply {
  answers: ContentRulesAnswer[];
}

export type ContentRulesResult = Extract<ContentRulesAnswer, { hits: RuleHit[] }>;

/**
 * Emails per call are bounded by their bytes, so that a call and its answer (which may carry each
 * email's text part, no longer than its HTML) stay within Lambda's 6 MB synchronous payload; the
 * largest submission the /api body cap lets in (6 MB) becomes at most three calls.
 */
const CALL_BYTES = 2.5 * 1024 * 1024;

/** The rules' hits and stats of one rendered email; throws the 400 (HtmlTooComplex) or 503 the rules refused with. */
export async function contentRules(deps: Pick<Deps, 'callables'>, request: ContentRulesRequest): Promise<ContentRulesResult> {
  return resultOf((await contentRulesAnswers(deps, [request]))[0]);
}

/**
 * The rules of several emails, in as few calls as their size allows, one after the other (each call
 * already runs its emails in sequence, as one request did before). Answers in order; `resultOf`
 * turns one into its result or its error.
 */
export async function contentRulesAnswers(deps: Pick<Deps, 'callables'>, requests: ContentRulesRequest[]): Promise<ContentRulesAnswer[]> {
  if (!deps.callables) throw new Error(`${CONTENT_RULES} is not wired (deps.callables)`);
  const answers: ContentRulesAnswer[] = [];
  for (const emails of byBytes(requests)) {
    const reply = (await deps.callables.call(CONTENT_RULES, { emails } satisfies ContentRulesCall)) as ContentRulesReply;
    if (reply?.answers?.length !== emails.length) throw new Error(`${CONTENT_RULES} answered ${reply?.answers?.length ?? 0} of ${emails.length} emails`);
    answers.push(...reply.answers);
  }
  return answers;
}

export function resultOf(answer: ContentRulesAnswer): ContentRulesResult {
  if ('tooComplex' in answer) throw new HtmlTooComplex(answer.tooComplex.reason, answer.tooComplex.detail);
  if ('refused' in answer) throw new AppError(answer.refused.status, answer.refused.body, answer.refused.headers);
  return answer;
}

function byBytes(requests: ContentRulesRequest[]): ContentRulesRequest[][] {
  const calls: ContentRulesRequest[][] = [];
  let bytes = Infinity;
  for (const r of requests) {
    const size = Buffer.byteLength(r.html) + Buffer.byteLength(r.subject) + 256;
    if (bytes + size > CALL_BYTES) {
      calls.push([]);
      bytes = 0;
    }
    calls[calls.length - 1].push(r);
    bytes += size;
  }
  return calls;
}
