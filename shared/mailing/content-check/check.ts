import { getCreative } from '../creatives/creatives.js';
import { renderCreativeCopy } from '../creatives/render-copy.js';
import { loadRecipientContext } from '../creatives/recipient.js';
import { checkTemplates } from '../creatives/creatives.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { Config } from '../../platform/runtime/config.js';
import { contentRules } from './remote.js';
import { scoreOf } from './score.js';
import { spamdCheck } from './spamd-client.js';

export interface ContentCheckInput {
  creativeId?: string;
  subject?: string;
  bodyHtml?: string;
  contactId?: string;
  companyId?: string;
}

/**
 * Renders the creative (stored, or the given subject/bodyHtml) for a recipient (a real one when
 * contactId/companyId are given, else an empty context with fallbacks) and runs the named rules on it,
 * in a worker thread within `parseBudgetMs` (HTML over the bounds or the budget: a 400 naming bodyHtml),
 * through the `content_rules` callable (remote.ts). spamd is asked from here, as before (off in Lambda).
 */
export async function checkContent(
  deps: Pick<Deps, 'callables'>,
  table: TableStore,
  input: ContentCheckInput,
  cfg: Config['contentCheck'],
  now: number,
  parseBudgetMs: number,
) {
  const source = input.creativeId ? await getCreative(table, input.creativeId) : { id: 'adhoc', subject: input.subject ?? '', bodyHtml: input.bodyHtml ?? '' };
  if (!input.creativeId) checkTemplates(source);
  const recipient = input.contactId || input.companyId ? await loadRecipientContext(table, input) : {};
  const rendered = renderCreativeCopy(source, recipient);
  const { hits, stats } = await contentRules(deps, {
    subject: rendered.subject,
    html: rendered.html,
    offThread: { budgetMs: parseBudgetMs, what: 'bodyHtml' },
  });
  const spamd = await spamdCheck(messageForSpamd(rendered.subject, rendered.html, now), cfg);
  return {
    ...scoreOf(hits),
    hits,
    stats,
    unresolvedTokens: rendered.unresolvedTokens,
    spamAssassin: spamd.report,
    spamAssassinSkipped: spamd.skipped,
    creativeId: input.creativeId ?? null,
  };
}

/**
 * The rendered copy as a whole RFC 5322 message, with the headers every sent email carries (Date,
 * Message-ID, MIME), so SpamAssassin scores the copy rather than a headerless fragment.
 */
export function messageForSpamd(subject: string, html: string, now: number) {
  const encoded = /^[\x20-\x7e]*$/.test(subject) ? subject : `=?UTF-8?B?${Buffer.from(subject, 'utf8').toString('base64')}?=`;
  return [
    `Date: ${new Date(now).toUTCString()}`,
    'From: Content Check <sender@content-check.invalid>',
    'To: recipient@content-check.invalid',
    `Subject: ${encoded}`,
    `Message-ID: <check.${now}@content-check.invalid>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
  ].join('\r\n');
}
