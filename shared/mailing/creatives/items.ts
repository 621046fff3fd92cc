import { notFound } from '../../platform/errors.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { Creative } from './entities.js';
import type { CreativeView, ModerationStatus } from './schema.js';

// Reading one creative apart from creatives.ts: its writers validate against the creative and brief
// schemas (zod), which a reader that only renders a stored creative does not need (issue 25).

export function toCreative(item: Item): CreativeView {
  return {
    id: item.id as string,
    name: item.name as string,
    type: item.type as CreativeView['type'],
    subject: (item.subject as string) ?? '',
    bodyHtml: (item.bodyHtml as string) ?? '',
    briefId: (item.briefId as string) ?? null,
    moderationStatus: (item.moderationStatus as ModerationStatus) ?? null,
    attachmentCreativeId: (item.attachmentCreativeId as string) ?? null,
    attachmentUrl: (item.attachmentUrl as string) ?? null,
    formConfig: (item.formConfig as Record<string, unknown>) ?? null,
    contentVersion: (item.contentVersion as number) ?? 1,
    variables: (item.variables as string[]) ?? [],
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

export async function getCreativeItem(table: TableStore, id: string): Promise<Item> {
  const item = await table.get(Creative.key({ creativeId: id }));
  if (!item || !Creative.is(item)) throw notFound('Creative');
  return item;
}
