import { aiProvider } from '../ai/provider.js';
import { suppress } from '../audience/suppression.js';
import { chargeAiCall, requireBalanceFor, withBilling } from '../billing/billing.js';
import { getBrief, type BriefView } from '../briefs/briefs.js';
import { getContact } from '../contacts/contacts.js';
import { getCreativeItem } from '../creatives/creatives.js';
import { badRequest, notFound, notFoundMessage } from '../errors.js';
import { createLead as createLeadInPipeline } from '../leads/leads.js';
import type { TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { log } from '../runtime/logger.js';
import { Sequence } from '../sequences/entities.js';
import { stopEnrolmentsOf } from '../sequences/stop.js';
import { getTaskItem } from '../tasks/tasks.js';
import { aiClassifies, classifyByRules, classifyMessage } from './classify.js';
import { Dialog, DialogMessage, type Classification, type DialogMessageRecord, type DialogRecord } from './entities.js';
import { dialogView, getDialogRecord, messageView } from './store.js';
import { findThreadMessage, kindOf, sendEngineMessages, threadOrder, type ThreadMessage } from './thread.js';

type Tenant = { tenantId: string; table: TableStore };

export async function requireDialog(table: TableStore, dialogId: string) {
  const d = await getDialogRecord(table, dialogId);
  if (!d) throw notFound('Dialog');
  return d;
}

export interface DialogListQuery {
  limit: number;
  cursor?: string;
  unread?: boolean;
  classification?: Classification;
  campaignId?: string;
  accountId?: string;
}

/** Dialogs, latest activity first; the filters narrow each page (a page may hold fewer than `limit`; follow `nextCursor`). */
export async function listDialogs(table: TableStore, q: DialogListQuery) {
  const conds: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  if (q.unread !== undefined) (conds.push('unread = :u'), (values[':u'] = q.unread));
  if (q.classification) (conds.push('classification = :c'), (values[':c'] = q.classification));
  if (q.accountId) (conds.push('accountId = :a'), (values[':a'] = q.accountId));
  if (q.campaignId) {
    conds.push('#o.#k = :ok AND #o.#i = :oi');
    Object.assign(names, { '#o': 'origin', '#k': 'kind', '#i': 'id' });
    Object.assign(values, { ':ok': 'campaign', ':oi': q.campaignId });
  }
  const page = await table.query<DialogRecord>({
    ...Dialog.query('byLast', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(conds.length ? { filter: { expression: conds.join(' AND '), values, ...(Object.keys(names).length ? { names } : {}) } } : {}),
  });
  return { data: page.items.map(dialogView), nextCursor: page.cursor ?? null };
}

/**
 * The dialog with every message in thread order, both directions (bounded: the first 500 stored):
 * the send engine's emails it answers (campaign, task, sequence step; read from their send items, see
 * thread.ts) and the stored inbound, compose, reply and forward messages; attachments listed by name,
 * type, size and checksum. `originals: false` skips the send-engine emails (callers that need only the
 * stored messages).
 */
export async function getThread(table: TableStore, dialogId: string, opts: { markRead?: boolean; originals?: boolean } = {}) {
  const d = await requireDialog(table, dialogId);
  const stored: DialogMessageRecord[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5 && stored.length < 500; i++) {
    const page = await table.query<DialogMessageRecord>({ ...DialogMessage.query('primary', { dialogId }), skBeginsWith: 'MSG#', limit: 100, cursor });
    stored.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  const originals = opts.originals === false ? [] : await sendEngineMessages(table, d, stored);
  const messages = threadOrder([...originals, ...stored.map((m): ThreadMessage => ({ ...messageView(m), kind: kindOf(m) }))]);
  if (opts.markRead && d.unread) await table.update(Dialog.key({ dialogId }), { set: { unread: false } }).catch(() => undefined);
  return { ...dialogView(d), ...(opts.markRead ? { unread: false } : {}), messages };
}

/**
 * The HTML version of one message of the thread (by Message-ID, as getThread lists it: stored messages
 * and the send-engine emails the thread answers). 404 Dialog / Dialog message; 404 too when the message
 * has no HTML version (a text-only email, or a send-engine body no longer available).
 */
export async function getThreadMessageHtml(table: TableStore, dialogId: string, messageId: string) {
  const { messages } = await getThread(table, dialogId);
  const m = findThreadMessage(messages, messageId);
  if (!m.html) throw notFoundMessage('The message has no HTML version', { code: 'no_html_version' });
  return m.html;
}

/**
 * (Re)classifies a dialog's latest inbound message (rules, or the AI provider when configured) and
 * stores the class on the dialog and the message. An unsubscribe request suppresses the address and
 * stops the contact's sequences.
 */
export async function classifyDialog(deps: Deps, tenant: Tenant, dialogId: string, override?: { classification: Classification }) {
  const { table } = tenant;
  const d = await requireDialog(table, dialogId);
  const thread = await getThread(table, dialogId, { originals: false });
  const last = [...thread.messages].reverse().find((m) => m.direction === 'in');
  if (!last && !override) throw badRequest(['the dialog has no inbound message to classify']);
  const facts = last && { from: last.from, subject: last.subject, text: last.text, headers: {} };
  // Paid when the provider answers: 402 before it is asked when the balance cannot pay for the answer.
  if (facts && !override && aiClassifies(deps, classifyByRules(facts))) await requireBalanceFor(deps, tenant.tenantId, 'ai_generation');
  const verdict = override
    ? { classification: override.classification, confidence: 1, method: 'manual' as const, autoReply: last?.autoReply ?? false }
    : await classifyMessage(deps, facts!);
  // Charged before the class is stored: a 402 (balance spent meanwhile) leaves the dialog as it was.
  const billing = verdict.method === 'ai' ? await chargeAiCall(deps, tenant.tenantId, `classify:${dialogId}`) : undefined;
  if (last)
    await table.update(DialogMessage.key({ dialogId, at: last.at, messageKey: last.messageKey }), {
      set: { classification: verdict.classification, confidence: verdict.confidence },
    });
  await table.update(Dialog.key({ dialogId }), {
    set: { classification: verdict.classification, confidence: verdict.confidence, updatedAt: new Date(deps.clock.now()).toISOString() },
  });
  if (verdict.classification === 'unsubscribe_request' && d.email) {
    await suppress(table, { email: d.email, source: 'unsubscribe', note: `classified in dialog ${dialogId}` }, deps.clock.now());
    if (d.contactId) await stopEnrolmentsOf(deps, tenant.tenantId, d.contactId, 'unsubscribed', 'unsubscribe_request');
  }
  const result = { dialogId, messageId: last?.messageId ?? null, ...verdict };
  // Paid only when the AI provider answered (rules and a class set by hand are free).
  return billing ? withBilling(result, billing) : result;
}

/** A lead for the dialog's contact (default pipeline unless given), source `dialog`, the thread attached by reference. */
export async function createLeadFromDialog(
  deps: Deps,
  tenant: Tenant,
  dialogId: string,
  input: { pipelineId?: string; stageId?: string; title?: string; value?: number },
) {
  const d = await requireDialog(tenant.table, dialogId);
  if (!d.contactId) throw badRequest(['the dialog has no contact: add the address as a contact first (contacts_create), then sync or retry']);
  const interest = d.classification === 'interested' ? 'high' : d.classification === 'later' ? 'medium' : 'unknown';
  const lead = await createLeadInPipeline(deps, tenant, {
    contactId: d.contactId,
    pipelineId: input.pipelineId || undefined,
    stageId: input.stageId,
    title: input.title ?? (d.subject ? `Dialog: ${d.subject}`.slice(0, 200) : undefined),
    value: input.value,
    interest,
    source: 'dialog',
    sourceRef: dialogId,
  });
  await tenant.table.update(Dialog.key({ dialogId }), { set: { leadId: lead.id } });
  return { ...lead, dialogId, thread: { dialogId, messageCount: d.messageCount, rootMessageId: d.rootMessageId } };
}

/** The brief behind a dialog: given, or via the creative of the task / sequence step the thread answers. */
async function briefOf(table: TableStore, d: DialogRecord, briefId?: string): Promise<BriefView | undefined> {
  if (briefId) return getBrief(table, briefId);
  try {
    let creativeId: string | undefined;
    if (d.origin?.kind === 'sequence') {
      const seq = await table.get<{ steps: { step: number; creativeId?: string }[] }>(Sequence.key({ sequenceId: d.origin.id }));
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
  const result = { dialogId, draft: { subject, text, html }, method, briefId: brief?.id ?? null, classification: d.classification, sent: false };
  return method === 'ai' ? withBilling(result, await chargeAiCall(deps, tenant.tenantId, `draft:${dialogId}`)) : result;
}
