import type { Item } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { newId } from '../data/ids.js';

/**
 * The spec's eight webhook event kinds, and one the spec does not list: `email_account.bounce_rate_exceeded`
 * (the bounce guard suspended a sender mailbox; docs/webhooks.md).
 */
export const EVENT_KINDS = [
  'lead.created',
  'lead.moved',
  'lead.won',
  'lead.lost',
  'dialog.received',
  'dialog.replied',
  'task.completed',
  'task.failed',
  'email_account.bounce_rate_exceeded',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface DomainEvent {
  eventId: string;
  kind: EventKind;
  occurredAt: string;
  tenantId: string;
  data: Record<string, unknown>;
}

/** Tenant-table keys of the outbox: events in time order, pending ones also on gsi1 until dispatched. */
export const OutboxKeys = {
  event: (eventId: string) => ({ pk: 'EVENT', sk: `EVENT#${eventId}` }),
  pendingIndex: (eventId: string) => ({ gsi1pk: 'EVENT#PENDING', gsi1sk: eventId }),
};

/**
 * The outbox item for an event. Put it in the same transaction as the change that causes it
 * (`{ put: outboxItem(...) }`), so an event exists exactly when its change does.
 */
export function outboxItem(tenantId: string, kind: EventKind, data: Record<string, unknown>, now: number): Item & DomainEvent {
  const eventId = newId(now);
  return {
    ...OutboxKeys.event(eventId),
    ...OutboxKeys.pendingIndex(eventId),
    eventId,
    kind,
    occurredAt: new Date(now).toISOString(),
    tenantId,
    data,
    status: 'PENDING',
  };
}

/**
 * Call after the transaction that wrote outbox items committed. Best effort: the dispatcher's
 * periodic sweep picks up anything a lost nudge left behind.
 */
export async function eventsCommitted(deps: Deps, tenantId: string) {
  await deps.onEventsCommitted?.(deps, tenantId).catch(() => undefined);
}
