import { notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { OperationContext, TenantContext } from '../../platform/runtime/context.js';
import { NotificationEntity } from './entities.js';

/**
 * The workspace notification feed. Self-notes are the first kind: a note a user or agent leaves in
 * its own workspace (reminders, hand-over between agent runs). Other kinds (system events) will write
 * the same item shape with their own `kind`.
 */
export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  message: string;
  createdAt: string;
  createdBy: { userId: string | null; keyId: string | null; channel: string };
}

const view = (i: Record<string, any>): NotificationView => ({
  id: i.id,
  kind: i.kind,
  title: i.title,
  message: i.message,
  createdAt: i.createdAt,
  createdBy: { userId: i.createdBy?.userId ?? null, keyId: i.createdBy?.keyId ?? null, channel: i.createdBy?.channel ?? 'http' },
});

export async function createSelfNote(ctx: OperationContext, tenant: TenantContext, note: { title: string; message: string }) {
  const now = ctx.deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const item = NotificationEntity.item(
    { notificationId: id },
    {
      id,
      kind: 'self_note',
      title: note.title,
      message: note.message,
      createdAt: at,
      createdBy: { userId: ctx.principal?.userId ?? null, keyId: ctx.principal?.keyId ?? null, channel: ctx.request.channel },
    },
  );
  await tenant.table.put(item, { expression: 'attribute_not_exists(pk)' });
  return view(item);
}

export async function listNotifications(tenant: TenantContext, page: { limit: number; cursor?: string; kind?: string }) {
  const out = await tenant.table.query<Record<string, any>>({
    ...NotificationEntity.query('primary', {}),
    descending: true,
    limit: page.limit,
    cursor: page.cursor,
    ...(page.kind ? { filter: { expression: '#k = :k', names: { '#k': 'kind' }, values: { ':k': page.kind } } } : {}),
  });
  return { data: out.items.map(view), nextCursor: out.cursor ?? null };
}

export async function getNotification(tenant: TenantContext, id: string) {
  const item = await tenant.table.get<Record<string, any>>(NotificationEntity.key({ notificationId: id }));
  if (!item || item.entity !== 'notification') throw notFound('Notification');
  return view(item);
}
