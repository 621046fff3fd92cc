import { createHash } from 'node:crypto';
import type { SenderTransport } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { EmailAccountItem } from '../senders/entities.js';
import { openSenderTransport } from '../senders/transport.js';

/**
 * Pooled SMTP transports per mailbox, kept for the life of the process (a Lambda container, the
 * local worker) and closed after IDLE_MS without a send, so connections are reused across items.
 * The worker's concurrency (reserved concurrency in AWS) bounds the connections per mailbox.
 */
const IDLE_MS = 60_000;
const open = new Map<string, { t: Promise<SenderTransport>; used: number; login: string }>();
let timer: NodeJS.Timeout | undefined;

/**
 * What a pooled connection logged in with. The caller has just read the mailbox, so a change of host,
 * port, user, password or OAuth token (made by another process: the API Lambda, not this worker)
 * shows here and replaces the pool; otherwise its open connections, and those it reopens, would keep
 * the old login until the pool idles out.
 */
const loginOf = (a: EmailAccountItem) =>
  createHash('sha256')
    .update(JSON.stringify([a.auth, a.smtpHost, a.smtpPort, a.smtpUser, a.smtpPassEnc ?? '', a.accessTokenEnc ?? '', a.refreshTokenEnc ?? '']))
    .digest('base64url');

export async function transportFor(deps: Deps, tenantId: string, account: EmailAccountItem): Promise<SenderTransport> {
  const key = `${tenantId}/${account.id}`;
  const login = loginOf(account);
  let entry = open.get(key);
  if (entry && entry.login !== login) {
    const stale = entry;
    open.delete(key);
    void stale.t.then((t) => t.close()).catch(() => undefined);
    entry = undefined;
  }
  if (!entry) {
    const created = { t: openSenderTransport(deps, tenantId, account.id), used: Date.now(), login };
    open.set(key, created);
    created.t.catch(() => open.get(key) === created && open.delete(key));
    entry = created;
  }
  entry.used = Date.now();
  timer ??= setInterval(() => void closeIdle(IDLE_MS), IDLE_MS).unref();
  return entry.t;
}

export async function closeIdle(idleMs = 0) {
  const now = Date.now();
  const gone = [...open].filter(([, e]) => now - e.used >= idleMs);
  for (const [k] of gone) open.delete(k);
  await Promise.allSettled(gone.map(([, e]) => e.t.then((t) => t.close())));
  if (!open.size && timer) (clearInterval(timer), (timer = undefined));
}
