import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, exists, type TableStore } from '../../platform/ports/table-store.js';
import { Brief } from '../briefs/entities.js';
import { Creative } from './entities.js';
import { getCreativeItem, toCreative } from './items.js';
export { getCreativeItem, toCreative };
import { isChannelType, type CreativeCreateInput, type CreativeUpdateInput, type CreativeView, type ModerationStatus } from './schema.js';
import { parseTemplate, renderTemplate } from './template.js';
import { EMAIL_HTML_LIMITS, htmlOverLimit, htmlTooComplex } from '../../platform/html/bounds.js';

const iso = (now: number) => new Date(now).toISOString();

/**
 * A template that does not parse is a 400 naming the field and the position of the fault; so is a
 * body whose HTML is over the email bounds (shared/platform/html/bounds.ts), which no render could convert:
 * the source, and one sample render (tags a template assembles, `<{div|p}>`, are HTML only then;
 * other options are checked when they are rendered).
 */
export function checkTemplates(input: { subject?: string; bodyHtml?: string }): string[] {
  const tokens = new Set<string>();
  const errors: string[] = [];
  for (const field of ['subject', 'bodyHtml'] as const) {
    const src = input[field];
    if (src === undefined) continue;
    const parsed = parseTemplate(src);
    if (parsed.ok) parsed.tokens.forEach((t) => tokens.add(t));
    else errors.push(`${field}: ${parsed.message}`);
    if (field !== 'bodyHtml') continue;
    const over =
      htmlOverLimit(src, EMAIL_HTML_LIMITS) ?? (parsed.ok ? htmlOverLimit(renderTemplate(src, {}, { seed: 0, html: true }).text, EMAIL_HTML_LIMITS) : null);
    if (over) errors.push(htmlTooComplex(field, over, EMAIL_HTML_LIMITS).detail);
  }
  if (errors.length) throw badRequest(errors);
  return [...tokens];
}

async function requireBrief(table: TableStore, briefId: string | null | undefined) {
  if (!briefId) return;
  const brief = await table.get(Brief.key({ briefId }));
  if (!brief || !Brief.is(brief)) throw notFound('Brief');
}

/** `createdBy` (who prepared it: a person or a key, never a secret) is stored for the approvals queue. */
export async function createCreative(table: TableStore, input: CreativeCreateInput, now: number, id = newId(now), createdBy?: object): Promise<CreativeView> {
  const type = input.type ?? 'EMAIL';
  if (!isChannelType(type) && !input.subject?.trim()) throw badRequest(['subject should not be empty']);
  const variables = checkTemplates(input);
  await requireBrief(table, input.briefId);
  const at = iso(now);
  const item = Creative.item(
    { creativeId: id, createdAt: at },
    {
      id,
      name: input.name,
      type,
      subject: input.subject ?? '',
      bodyHtml: input.bodyHtml,
      briefId: input.briefId ?? null,
      attachmentCreativeId: input.attachmentCreativeId ?? null,
      attachmentUrl: input.attachmentUrl ?? null,
      formConfig: input.formConfig ?? null,
      moderationStatus: isChannelType(type) ? 'PENDING' : null,
      contentVersion: 1,
      version: 1,
      variables,
      ...(createdBy ? { createdBy } : {}),
      createdAt: at,
      updatedAt: at,
    },
  );
  await table.put(item, Creative.notExists);
  return toCreative(item);
}

/** One creative, with `contentVersion` (the send engine compares the approved version with this one). */
export async function getCreative(table: TableStore, id: string): Promise<CreativeView> {
  return toCreative(await getCreativeItem(table, id));
}

/** Fields whose change makes an approved channel creative go back to moderation. */
const MODERATED_FIELDS = ['subject', 'bodyHtml', 'attachmentCreativeId', 'attachmentUrl', 'formConfig'] as const;

/**
 * Partial update (optimistic on `version`). A change of subject or bodyHtml increments
 * `contentVersion`; any content change of a moderated channel creative puts it back to PENDING.
 */
export async function updateCreative(table: TableStore, id: string, patch: CreativeUpdateInput, now: number): Promise<CreativeView> {
  checkTemplates(patch);
  await requireBrief(table, patch.briefId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getCreativeItem(table, id);
    const set: Record<string, unknown> = { updatedAt: iso(now), version: (current.version as number) + 1 };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) set[k] = v;
    const changed = (k: string) => k in set && JSON.stringify(set[k]) !== JSON.stringify(current[k] ?? null);
    if (!isChannelType(current.type as string) && set.subject !== undefined && !String(set.subject).trim()) throw badRequest(['subject should not be empty']);
    if (changed('subject') || changed('bodyHtml')) {
      set.contentVersion = ((current.contentVersion as number) ?? 1) + 1;
      set.variables = checkTemplates({ subject: (set.subject ?? current.subject) as string, bodyHtml: (set.bodyHtml ?? current.bodyHtml) as string });
    }
    if (isChannelType(current.type as string) && current.moderationStatus !== 'PENDING' && MODERATED_FIELDS.some(changed)) set.moderationStatus = 'PENDING';
    try {
      await table.update(Creative.key({ creativeId: id }), {
        set,
        condition: { expression: 'attribute_exists(pk) AND #v = :v', names: { '#v': 'version' }, values: { ':v': current.version } },
      });
      return toCreative({ ...current, ...set });
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
  }
  throw conflict('Creative was changed concurrently; retry');
}

export async function deleteCreative(table: TableStore, id: string) {
  try {
    await table.delete(Creative.key({ creativeId: id }), exists);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Creative');
    throw e;
  }
  return { id, deleted: true };
}

export async function listCreatives(table: TableStore, page: { pageSize?: number; cursor?: string; type?: string } = {}) {
  const pageSize = page.pageSize ?? 20;
  const out = await table.query({
    ...Creative.query('byCreated', {}),
    limit: pageSize,
    cursor: page.cursor,
    descending: true,
    ...(page.type ? { filter: { expression: '#t = :t', names: { '#t': 'type' }, values: { ':t': page.type } } } : {}),
  });
  return { data: out.items.map(toCreative), pageSize, nextCursor: out.cursor ?? null };
}

/**
 * Channel moderation (spec state table): PENDING → APPROVED (approve) or REJECTED (reject); repeating
 * the action that led to the current state is a no-op (safe to retry); anything else is a 409.
 */
export async function moderateCreative(table: TableStore, id: string, action: 'approve' | 'reject', reason: string | undefined, now: number, by: string) {
  const current = await getCreativeItem(table, id);
  if (!isChannelType(current.type as string))
    throw conflict('Email creatives are not moderated; they are gated at the task level', { code: 'not_a_channel_creative' });
  const target: ModerationStatus = action === 'approve' ? 'APPROVED' : 'REJECTED';
  if (current.moderationStatus === target) return toCreative(current);
  if (current.moderationStatus !== 'PENDING')
    throw conflict(`Cannot ${action} a creative in ${current.moderationStatus}; edit it to send it back to PENDING`, {
      code: 'invalid_transition',
      moderationStatus: current.moderationStatus,
    });
  const set = {
    moderationStatus: target,
    moderatedAt: iso(now),
    moderatedBy: by,
    moderationReason: reason ?? null,
    updatedAt: iso(now),
    version: (current.version as number) + 1,
  };
  try {
    await table.update(Creative.key({ creativeId: id }), {
      set,
      condition: { expression: '#v = :v', names: { '#v': 'version' }, values: { ':v': current.version } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('Creative was changed concurrently; retry');
    throw e;
  }
  return toCreative({ ...current, ...set });
}
