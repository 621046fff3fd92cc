import { findContactsByEmail, createContact } from '../contacts/contacts.js';
import { normalizeEmail, normalizePhone } from '../contacts/normalize.js';
import { badRequest } from '../../platform/errors.js';
import { createLead } from '../leads/leads.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ConnectorSubmission } from './entities.js';

/**
 * Tilda's form webhook: it POSTs application/x-www-form-urlencoded (or JSON, when the project is set
 * to send JSON) with the form's fields by their variable names (Name, Email, Phone, ...) plus `formid`,
 * `formname` and `tranid` (the submission id). On "connect" it sends just `test=test` and expects 200.
 *
 * Mapping: Name → firstName/lastName (split on the first space), Email and Phone → channels (invalid
 * values are dropped), Company, Position/Job → position, Comments/Message → lead title. A contact with
 * the same email is reused; otherwise a contact is created with source {kind:'form'}. Every
 * submission makes one lead (source 'form', sourceRef 'tilda:<formid>:<tranid>') in the default
 * pipeline. The same tranid twice (Tilda retries) returns the first result and writes nothing.
 */
export function parseFormPayload(raw: string, contentType = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const text = raw.trim();
  if (/json/i.test(contentType) || text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest(['body must be form-encoded or JSON']);
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw badRequest(['body must be a JSON object']);
    for (const [k, v] of Object.entries(json)) if (v !== null && typeof v !== 'object') out[k] = String(v);
    return out;
  }
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

const pick = (fields: Record<string, string>, ...names: string[]) => {
  const lower = new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  for (const n of names) {
    const v = lower.get(n.toLowerCase())?.trim();
    if (v) return v;
  }
  return undefined;
};
const cut = (v: string | undefined, max: number) => (v ? v.slice(0, max) : undefined);

export const isTildaTest = (fields: Record<string, string>) => fields.test === 'test' && !pick(fields, 'email', 'phone', 'name');

export async function handleTildaSubmission(deps: Deps, tenant: { tenantId: string; table: TableStore }, fields: Record<string, string>) {
  const email = normalizeEmail(pick(fields, 'Email', 'e-mail', 'mail'));
  const phone = normalizePhone(pick(fields, 'Phone', 'tel', 'telephone'));
  const name = pick(fields, 'Name', 'fio', 'fullname');
  if (!email && !phone && !name) throw badRequest(['form payload has no Name, Email or Phone']);
  const formId = cut(pick(fields, 'formid'), 80) ?? 'form';
  const tranId = cut(pick(fields, 'tranid'), 120);
  const ref = `tilda:${formId}:${tranId ?? deps.clock.now()}`;
  const table = tenant.table;

  if (tranId) {
    // Claim the submission first: a retried delivery of the same tranid finds the claim and stops.
    try {
      await table.put(
        ConnectorSubmission.item(
          { connector: 'tilda', ref: `${formId}:${tranId}` },
          { state: 'processing', createdAt: new Date(deps.clock.now()).toISOString() },
        ),
        { expression: 'attribute_not_exists(pk)' },
      );
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      const prior = await table.get<{ contactId?: string; leadId?: string }>(ConnectorSubmission.key({ connector: 'tilda', ref: `${formId}:${tranId}` }));
      return { ok: true, duplicate: true, contactId: prior?.contactId ?? null, leadId: prior?.leadId ?? null };
    }
  }
  try {
    const now = deps.clock.now();
    const existing = email ? (await findContactsByEmail(table, email))[0] : undefined;
    const [firstName, ...rest] = (name ?? '').split(/\s+/).filter(Boolean);
    const contact =
      existing ??
      (await createContact(
        table,
        {
          firstName: cut(firstName, 80),
          lastName: cut(rest.join(' ') || undefined, 80),
          position: cut(pick(fields, 'Position', 'Job', 'Title'), 200),
          email,
          phone,
          source: { kind: 'form', sourceUrl: cut(pick(fields, 'referer', 'pageurl'), 2000) },
        },
        now,
      ));
    const company = cut(pick(fields, 'Company', 'Organization', 'org'), 120);
    const comment = cut(pick(fields, 'Comments', 'Comment', 'Message', 'Textarea'), 120);
    const formName = cut(pick(fields, 'formname'), 80) ?? formId;
    const lead = await createLead(deps, tenant, {
      contactId: contact.id,
      source: 'form',
      sourceRef: ref.slice(0, 200),
      title: cut(comment ?? `${formName}${company ? ` — ${company}` : ''}`, 200),
    });
    if (tranId)
      await table.update(ConnectorSubmission.key({ connector: 'tilda', ref: `${formId}:${tranId}` }), {
        set: { state: 'done', contactId: contact.id, leadId: lead.id },
      });
    return { ok: true, duplicate: false, contactId: contact.id, leadId: lead.id, contactReused: Boolean(existing) };
  } catch (e) {
    // Release the claim so the form builder's retry can succeed.
    if (tranId) await table.delete(ConnectorSubmission.key({ connector: 'tilda', ref: `${formId}:${tranId}` })).catch(() => undefined);
    throw e;
  }
}
