import { getCreative } from '../creatives/creatives.js';
import { loadRecipientContext, renderCreativeFor } from '../creatives/render.js';
import { checkTemplates } from '../creatives/creatives.js';
import type { TableStore } from '../ports/table-store.js';
import type { Config } from '../runtime/config.js';
import { runRules, scoreOf } from './rules.js';
import { spamAssassinReport } from './spamc.js';

export interface ContentCheckInput {
  creativeId?: string;
  subject?: string;
  bodyHtml?: string;
  contactId?: string;
  companyId?: string;
}

/**
 * Renders the creative (stored, or the given subject/bodyHtml) for a recipient (a real one when
 * contactId/companyId are given, else an empty context with fallbacks) and runs the named rules on it.
 */
export async function checkContent(table: TableStore, input: ContentCheckInput, cfg: Config['contentCheck']) {
  const source = input.creativeId ? await getCreative(table, input.creativeId) : { id: 'adhoc', subject: input.subject ?? '', bodyHtml: input.bodyHtml ?? '' };
  if (!input.creativeId) checkTemplates(source);
  const recipient = input.contactId || input.companyId ? await loadRecipientContext(table, input) : {};
  const rendered = renderCreativeFor(source, recipient, { skipText: true });
  const { hits, stats } = runRules({ subject: rendered.subject, html: rendered.html });
  const spamAssassin = await spamAssassinReport(`Subject: ${rendered.subject}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${rendered.html}`, cfg);
  return { ...scoreOf(hits), hits, stats, unresolvedTokens: rendered.unresolvedTokens, spamAssassin, creativeId: input.creativeId ?? null };
}
