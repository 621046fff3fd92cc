import { aiProvider } from '../../platform/ai/provider.js';
import { chargeAiCall, requireBalanceFor, withBilling } from '../../workspace/billing/billing.js';
import { getBrief, type BriefView } from '../briefs/briefs.js';
import { getContact } from '../../crm/contacts/contacts.js';
import { getCreativeItem } from '../creatives/items.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { sequenceKey } from '../sequences/sequence-key.js';
import { getTaskItem } from '../tasks/task-item.js';
import type { Tenant } from './dialogs.js';
import { requireDialog } from './store.js';
import type { DialogRecord } from './entities.js';
import { getThread } from './full-thread.js';

/** The brief behind a dialog: given, or via the creative of the task / sequence step the thread answers. */
async function briefOf(table: TableStore, d: DialogRecord, briefId?: string): Promise<BriefView | undefined> {
  if (briefId) return getBrief(table, briefId);
  try {
    let creativeId: string | undefined;
    if (d.origin?.kind === 'sequence') {
      const seq = await table.get<{ steps: { step: number; creativeId?: string }[] }>(sequenceKey(d.origin.id));
      creativeId = seq?.steps.find((s) => s.step === (d.origin?.step ?? 1))?.creativeId ?? seq?.steps.find((s) => s.creativeId)?.creativeId;
    } else if (d.taskId) creativeId = (await getTaskItem(table, d.taskId)).creativeId;
    if (!creativeId) return undefined;
    const creative = await getCreativeItem(table, creativeId);
    return creative.briefId ? await getBrief(table, creative.briefId as string) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A reply draft from the thread and the linked brief; never sent. With an AI provider configured the
 * provider writes it (falling back to the template); the builtin path fills a template per class.
 */
export async function draftReply(deps: Deps, tenant: Tenant, dialogId: string, input: { briefId?: string; instructions?: string }) {
  const { table } = tenant;
  const thread = await getThread(table, dialogId);
  const d = await requireDialog(table, dialogId);
  const brief = await briefOf(table, d, input.briefId);
  const contact = d.contactId ? await getContact(table, d.contactId).catch(() => undefined) : undefined;
  const last = [...thread.messages].reverse().find((m) => m.direction === 'in');
  const c = (brief?.content ?? {}) as {
    product?: { name?: string; valueProposition?: string };
    offer?: string;
    callToAction?: string;
    sender?: { name?: string };
  };
  const name = contact?.firstName ?? '';
  const product = c.product?.name ?? 'our offer';
  const value = c.product?.valueProposition ?? c.offer ?? '';
  const cta = c.callToAction ?? 'Would a 15-minute call next week work for you?';
  const sign = c.sender?.name ? `\n\nBest regards,\n${c.sender.name}` : '\n\nBest regards';
  const hello = name ? `Hi ${name},` : 'Hello,';
  const byClass: Record<string, string> = {
    interested: `${hello}\n\nthank you for your reply. ${value ? `${value} ` : ''}${cta}`,
    later: `${hello}\n\nthank you, understood. I will get back to you later as you suggested; if ${product} becomes relevant sooner, just reply to this email.`,
    not_interested: `${hello}\n\nthank you for letting me know. I will not follow up on ${product}.`,
    wrong_person: `${hello}\n\nthank you, and sorry for the bother. Could you point me to the right person for ${product}?`,
    unsubscribe_request: `${hello}\n\nyou will not receive further emails from us. Sorry for the bother.`,
    out_of_office: `${hello}\n\nI will follow up after your return.`,
    bounce: `${hello}\n\nfollowing up on my previous email.`,
  };
  let text = `${byClass[d.classification ?? 'interested'] ?? byClass.interested}${sign}`;
  let method: 'template' | 'ai' = 'template';
  const provider = aiProvider(deps.config.ai);
  if (provider.name !== 'builtin') {
    await requireBalanceFor(deps, tenant.tenantId, 'ai_generation'); // 402 before the provider writes a draft nobody pays for
    try {
      const history = thread.messages
        .slice(-6)
        .map((m) => `${m.direction === 'in' ? 'THEM' : 'US'}: ${m.text.slice(0, 1500)}`)
        .join('\n---\n');
      const answer = await provider.complete({
        system: 'You write short, polite B2B email replies. Answer with the email body only (no subject), plain text.',
        prompt: `Brief: ${JSON.stringify(brief?.content ?? {}).slice(0, 3000)}\nInstructions: ${input.instructions ?? 'answer the last message'}\nThread:\n${history}`,
        timeoutMs: 20_000,
        maxTokens: 600,
      });
      if (answer.text.trim()) ((text = answer.text.trim()), (method = 'ai'));
    } catch (e) {
      log.warn('AI draft unavailable; template used', { message: (e as Error).message });
    }
  }
  const subject = last ? (/^re:/i.test(last.subject) ? last.subject : `Re: ${last.subject}`) : `Re: ${d.subject}`;
  const html = text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const result = { dialogId, draft: { subject, text, html }, method, briefId: brief?.id ?? null, classification: d.classification, sent: false as const };
  return method === 'ai' ? withBilling(result, await chargeAiCall(deps, tenant.tenantId, `draft:${dialogId}`)) : result;
}
