import { aiProvider } from '../../../platform/ai/provider.js';
import { toCompany } from '../../../crm/companies/model.js';
import { updateCompany } from '../../../crm/companies/companies.js';
import { getContact, updateContact } from '../../../crm/contacts/contacts.js';
import { definitionMap, type CustomFieldDefinition } from '../../../crm/custom-fields/definitions.js';
import { parseDate } from '../../../crm/custom-fields/values.js';
import { reasonOf } from '../../enrichment/crawl/fetch-page.js';
import type { TableStore } from '../../../platform/ports/table-store.js';
import type { Deps } from '../../../platform/runtime/deps.js';
import { OutboundBlocked, outboundFetch } from '../../../platform/security/outbound-fetch.js';
import { renderPrompt } from '../prompt.js';
import type { StoredStep } from '../tasks.js';
import { failed, ok, unavailable, type StepOutcome } from './outcome.js';

export interface CardFieldItem {
  taskId: string;
  card: Record<string, any>;
  /** The item's contact: the company's first linked contact (a company-scoring item has no other). */
  contactId?: string;
  vars: { url: string; title: string; description: string; keywords: string; content: string };
}

/** The answer as a value of the field's type, or undefined when it is not one. */
function valueFor(def: CustomFieldDefinition, raw: unknown): string | number | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (def.fieldType === 'number') {
    const n = typeof raw === 'number' ? raw : Number(/-?\d+(?:[.,]\d+)?/.exec(String(raw))?.[0]?.replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  if (def.fieldType === 'date') return parseDate(String(raw).trim());
  const s = String(raw).trim().slice(0, 2000);
  return s || undefined;
}

/**
 * AI_CARD_FIELD and WEBHOOK_CARD_FIELD: exactly one custom field (`config.targetFieldId`, a defined
 * field of `config.targetEntity`) of the item's COMPANY (the card) or CONTACT (`item.contactId`),
 * through the owning domain's update (validated, number-indexed). AI_CARD_FIELD asks the AI provider
 * (`config.prompt` with the ICP prompt's five variables); WEBHOOK_CARD_FIELD POSTs the card to
 * `config.url` through the outbound guard (https only, no private targets, no redirects, 10 s, 16 KB
 * answer) and reads `{value}` from the JSON answer. LEAD targets are UNAVAILABLE: leads carry no
 * custom fields in this product.
 */
export async function cardField(deps: Deps, table: TableStore, step: StoredStep, item: CardFieldItem): Promise<StepOutcome> {
  const entity = step.config?.targetEntity;
  const slug = String(step.config?.targetFieldId ?? '');
  if (entity === 'LEAD') return unavailable('lead_has_no_custom_fields');
  if (entity === 'CONTACT' && !item.contactId) return unavailable('no_contact');
  const def = (await definitionMap(table, entity === 'CONTACT' ? 'contact' : 'company')).get(slug);
  if (!def) return unavailable('target_field_not_defined', { targetEntity: entity, targetFieldId: slug });
  const answer = step.type === 'AI_CARD_FIELD' ? await askAi(deps, step, def, item) : await askWebhook(deps, table, step, def, item);
  if ('status' in answer) return answer;
  const value = valueFor(def, answer.value);
  if (value === undefined) return failed('value_not_of_field_type', { fieldType: def.fieldType });
  const target = entity === 'CONTACT' ? { targetEntity: 'CONTACT', contactId: item.contactId } : { targetEntity: 'COMPANY', companyId: item.card.id };
  try {
    const now = deps.clock.now();
    if (entity === 'CONTACT') await updateContact(table, item.contactId!, { customFields: { [slug]: value } }, now);
    else await updateCompany(table, item.card.id, { customFields: { [slug]: value } }, { now });
  } catch (e) {
    return failed('value_rejected', { error: (e as Error).message.slice(0, 200), ...target });
  }
  return ok({ ...target, targetFieldId: slug, value, source: answer.source });
}

type Answer = { value: unknown; source: string } | StepOutcome;

async function askAi(deps: Deps, step: StoredStep, def: CustomFieldDefinition, item: CardFieldItem): Promise<Answer> {
  const asked = step.config?.prompt?.trim() || `What is the ${def.label} of this company? Site: {{url}}. Title: {{title}}.`;
  const kind = def.fieldType === 'number' ? 'a number' : def.fieldType === 'date' ? 'an ISO date' : 'a short text';
  const prompt = `${renderPrompt(asked, item.vars)}\nAnswer with ${kind} only: the value of "${def.label}".`;
  try {
    const res = await aiProvider(deps.config.ai).complete({ prompt, timeoutMs: 20_000, maxTokens: 200 });
    return { value: res.text, source: `${res.provider}/${res.model}` };
  } catch {
    return unavailable('ai_unavailable');
  }
}

async function askWebhook(deps: Deps, table: TableStore, step: StoredStep, def: CustomFieldDefinition, item: CardFieldItem): Promise<Answer> {
  const url = String(step.config?.url ?? '');
  const contact = item.contactId ? await getContact(table, item.contactId).catch(() => undefined) : undefined;
  const body = JSON.stringify({
    event: 'scoring.card_field',
    taskId: item.taskId,
    targetEntity: step.config?.targetEntity,
    field: { slug: def.slug, label: def.label, fieldType: def.fieldType },
    company: toCompany(item.card),
    contact: contact ?? null,
  });
  let res;
  try {
    res = await outboundFetch({
      url,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'svc-scoring/1.0' },
      requireHttps: true,
      allowLoopback: deps.config.allowLoopbackTargets,
      dnsServers: deps.config.dnsServers,
      timeoutMs: 10_000,
      maxRedirects: 0,
      maxBodyBytes: 16 * 1024,
    });
  } catch (e) {
    return unavailable(e instanceof OutboundBlocked ? 'webhook_blocked' : reasonOf(e));
  }
  if (res.status < 200 || res.status > 299) return unavailable('webhook_http_error', { httpStatus: res.status });
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.toString('utf8'));
  } catch {
    return failed('webhook_invalid_answer');
  }
  if (!parsed || typeof parsed !== 'object' || !('value' in parsed)) return failed('webhook_invalid_answer');
  return { value: (parsed as { value: unknown }).value, source: 'webhook' };
}
