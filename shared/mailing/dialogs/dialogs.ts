import { suppress } from '../../crm/audience/suppression.js';
import { chargeAiCall, requireBalanceFor, withBilling } from '../../workspace/billing/billing.js';
import { badRequest } from '../../platform/errors.js';
import { createLead as createLeadInPipeline } from '../../crm/leads/leads.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { stopEnrolmentsOf } from '../sequences/stop.js';
import { aiClassifies, classifyByRules, classifyMessage } from './classify.js';
import { Dialog, DialogMessage, type Classification } from './entities.js';
import { dialogView, messageView, requireDialog, storedMessages } from './store.js';
import { kindOf, threadOrder, type ThreadMessage } from './thread.js';

export type Tenant = { tenantId: string; table: TableStore };

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
  const page = await table.query({
    ...Dialog.query('byLast', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(conds.length ? { filter: { expression: conds.join(' AND '), values, ...(Object.keys(names).length ? { names } : {}) } } : {}),
  });
  return { data: page.items.map((i) => dialogView(Dialog.view(i))), nextCursor: page.cursor ?? null };
}

/**
 * (Re)classifies a dialog's latest inbound message (rules, or the AI provider when configured) and
 * stores the class on the dialog and the message. An unsubscribe request suppresses the address and
 * stops the contact's sequences.
 */
export async function classifyDialog(deps: Deps, tenant: Tenant, dialogId: string, override?: { classification: Classification }) {
  const { table } = tenant;
  const d = await requireDialog(table, dialogId);
  // The stored messages only: the send engine's emails are outbound, and the class is the last inbound message's.
  const messages = threadOrder((await storedMessages(table, dialogId)).map((m): ThreadMessage => ({ ...messageView(m), kind: kindOf(m) })));
  const last = [...messages].reverse().find((m) => m.direction === 'in');
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
