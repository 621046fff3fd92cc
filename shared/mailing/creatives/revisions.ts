import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { CreativeRevision } from './entities.js';

export interface CreativeContent {
  subject: string;
  bodyHtml: string;
}

/**
 * Keeps the content a task approves (one item per creative and contentVersion; a repeat finds it
 * there), so that after an edit the approvals queue shows what changed since. One write unit per
 * KB of content, once per approved version.
 */
export async function keepApprovedRevision(table: TableStore, creative: Item, now: number) {
  const contentVersion = (creative.contentVersion as number) ?? 1;
  const item = CreativeRevision.item(
    { creativeId: creative.id as string, contentVersion },
    { creativeId: creative.id, contentVersion, subject: creative.subject ?? '', bodyHtml: creative.bodyHtml ?? '', keptAt: new Date(now).toISOString() },
  );
  try {
    await table.put(item, CreativeRevision.notExists);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
}

/** The kept revisions asked for (one BatchGet), by `<creativeId>#<contentVersion>`; a version approved before revisions were kept is absent. */
export async function approvedRevisions(table: TableStore, wanted: { creativeId: string; contentVersion: number }[]) {
  if (!wanted.length) return new Map<string, CreativeContent>();
  const items = await table.batchGet<Item>(wanted.map((w) => CreativeRevision.key(w)));
  return new Map(
    items
      .filter((i) => CreativeRevision.is(i))
      .map((i) => [`${i.creativeId}#${i.contentVersion}`, { subject: String(i.subject ?? ''), bodyHtml: String(i.bodyHtml ?? '') }]),
  );
}
