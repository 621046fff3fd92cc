import { isAppError } from '../../platform/errors.js';
import { HtmlTooComplex } from '../../platform/html/bounds.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { htmlToText } from '../creatives/render.js';
import type { ContentRulesAnswer, ContentRulesCall, ContentRulesReply, ContentRulesRequest } from './remote.js';
import { runRules, runRulesOffThread } from './rules.js';

/** The `content_rules` callable's work (remote.ts): each email of the call in turn, answered in order. */
export async function runContentRules(_deps: Deps, call: ContentRulesCall): Promise<ContentRulesReply> {
  const answers: ContentRulesAnswer[] = [];
  for (const email of call.emails) answers.push(await rulesOfOne(email));
  return { answers };
}

/**
 * One email: the plain text when asked, then the rules, on this thread or in a worker thread within
 * the caller's budget. A refusal is answered, not thrown, so the caller rethrows the same 400 or 503
 * (a thrown error would reach it as a failed invocation, and would lose the other emails' answers).
 */
async function rulesOfOne(request: ContentRulesRequest): Promise<ContentRulesAnswer> {
  const { subject, html, offThread, plainText } = request;
  try {
    const text = plainText ? htmlToText(html) : undefined;
    const { hits, stats } = offThread ? await runRulesOffThread(offThread, html, subject) : runRules({ subject, html });
    return { hits, stats, ...(text === undefined ? {} : { text }) };
  } catch (e) {
    if (e instanceof HtmlTooComplex) return { tooComplex: { reason: e.reason, detail: e.detail } };
    if (isAppError(e)) return { refused: { status: e.status, body: e.body, headers: e.headers } };
    throw e;
  }
}
