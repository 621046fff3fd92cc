import { isAppError } from '../../platform/errors.js';
import { HtmlTooComplex } from '../../platform/html/bounds.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { htmlToText } from '../creatives/render.js';
import type { ContentRulesAnswer, ContentRulesRequest } from './remote.js';
import { runRules, runRulesOffThread } from './rules.js';

/**
 * The `content_rules` callable's work (remote.ts): the plain text when asked, then the rules, on this
 * thread or in a worker thread within the caller's budget. A refusal is answered, not thrown, so the
 * caller rethrows the same 400 or 503 (a thrown error would reach it as a failed invocation).
 */
export async function runContentRules(_deps: Deps, request: ContentRulesRequest): Promise<ContentRulesAnswer> {
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
