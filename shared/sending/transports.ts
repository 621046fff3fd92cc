import type { SenderTransport } from '../ports/mail-transport.js';
import type { Deps } from '../runtime/deps.js';
import { openSenderTransport } from '../senders/transport.js';

/**
 * Pooled SMTP transports per mailbox, kept for the life of the process (a Lambda container, the
 * local worker) and closed after IDLE_MS without a send, so connections are reused across items.
 * The worker's concurrency (reserved concurrency in AWS) bounds the connections per mailbox.
 */
const IDLE_MS = 60_000;
const open = new Map<string, { t: Promise<SenderTransport>; used: number }>();
let timer: NodeJS.Timeout | undefined;

export async function transportFor(deps: Deps, tenantId: string, accountId: string): Promise<SenderTransport> {
  const key = `${tenantId}/${accountId}`;
  let entry = open.get(key);
  if (!entry) {
    entry = { t: openSenderTransport(deps, tenantId, accountId), used: Date.now() };
    open.set(key, entry);
    entry.t.catch(() => open.delete(key));
  }
  entry.used = Date.now();
  timer ??= setInterval(() => void closeIdle(IDLE_MS), IDLE_MS).unref();
  return entry.t;
}

/** Drops a mailbox's transport (after its account changed, or when it failed to connect). */
export function forgetTransport(tenantId: string, accountId: string) {
  const key = `${tenantId}/${accountId}`;
  const entry = open.get(key);
  open.delete(key);
  void entry?.t.then((t) => t.close()).catch(() => undefined);
}

export async function closeIdle(idleMs = 0) {
  const now = Date.now();
  const gone = [...open].filter(([, e]) => now - e.used >= idleMs);
  for (const [k] of gone) open.delete(k);
  await Promise.allSettled(gone.map(([, e]) => e.t.then((t) => t.close())));
  if (!open.size && timer) (clearInterval(timer), (timer = undefined));
}
