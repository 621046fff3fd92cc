import type { ParsedMail } from 'mailparser';
import { suppress } from '../../crm/audience/suppression.js';
import { log } from '../../platform/runtime/logger.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getItem, moveItem } from './items.js';
import { normalizeMessageId, sendItemRef } from './message-ids.js';

export { normalizeMessageId, sendItemRef };

/**
 * Delivery status notifications (RFC 3464) found by the inbox sync: a `multipart/report;
 * report-type=delivery-status` message whose per-recipient `Status:` is 5.x.x is a hard bounce of the
 * message named by the original `Message-ID` (in its `message/rfc822` or `text/rfc822-headers` part).
 * The send item moves SENT → BOUNCED (counters bounced +1, sent −1, one transaction) and the address is
 * suppressed (source `bounce`). 4.x.x (delayed) reports change nothing.
 */
export interface Dsn {
  /** The Message-ID of the email that bounced, `<...>`; undefined when the report does not carry it. */
  originalMessageId?: string;
  recipient?: string;
  status: string;
  hard: boolean;
  diagnostic?: string;
}

/** The send item an outbound Message-ID belongs to, only when the stored Message-ID is that one. */
export async function sendItemOfMessageId(table: TableStore, messageId: string) {
  const ref = sendItemRef(messageId);
  if (!ref) return undefined;
  const item = await getItem(table, ref.taskId, ref.contactId).catch(() => undefined);
  if (!item || item.messageId !== normalizeMessageId(messageId)) return undefined;
  return item as SendItemRecord & { sentAt?: string; repliedAt?: string };
}

/** The DSN in a parsed message, or undefined when it is not a delivery-status report. */
export function parseDsn(mail: ParsedMail, raw: Buffer): Dsn | undefined {
  const ct = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (ct?.value?.toLowerCase() !== 'multipart/report' || (ct.params?.['report-type'] ?? '').toLowerCase() !== 'delivery-status') return undefined;
  // mailparser folds message/delivery-status into the text; the raw source is the fallback.
  const report = `${mail.text ?? ''}\n${raw.toString('latin1')}`;
  const statuses = [...report.matchAll(/^Status:\s*([245])\.(\d{1,3})\.(\d{1,3})/gim)].map((m) => `${m[1]}.${m[2]}.${m[3]}`);
  if (!statuses.length) return undefined;
  const status = statuses.find((s) => s.startsWith('5')) ?? statuses[0];
  const recipient = /^(?:Final|Original)-Recipient:\s*rfc822;\s*<?([^\s>]+@[^\s>]+)>?/im.exec(report)?.[1]?.toLowerCase();
  const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(report)?.[1]?.trim().slice(0, 300);
  let originalMessageId: string | undefined;
  for (const a of mail.attachments ?? []) {
    if (!/^(message\/rfc822|text\/rfc822-headers|message\/global-headers|message\/global)$/i.test(a.contentType)) continue;
    const head = a.content.toString('latin1').split(/\r?\n\r?\n/)[0];
    originalMessageId = /^Message-ID:\s*(<[^>\s]+>)/im.exec(head)?.[1];
    if (originalMessageId) break;
  }
  if (!originalMessageId) {
    // Attached original not split out by the parser: the first Message-ID after the report part.
    const src = raw.toString('latin1');
    const at = src.search(/Content-Type:\s*(message\/rfc822|text\/rfc822-headers)/i);
    if (at >= 0) originalMessageId = /^Message-ID:\s*(<[^>\s]+>)/im.exec(src.slice(at))?.[1];
  }
  return { originalMessageId, recipient, status, hard: status.startsWith('5'), ...(diagnostic ? { diagnostic } : {}) };
}

/**
 * Applies a hard DSN: the item SENT → BOUNCED with its counters, and the address suppressed. Answers
 * the affected item (contact, task, origin) for the caller's own follow-ups (sequence stop), or
 * undefined when the report names no message of ours. Idempotent: a second copy finds the item BOUNCED.
 */
export async function applyDsn(table: TableStore, dsn: Dsn, now: number) {
  if (!dsn.hard) return undefined;
  const item = dsn.originalMessageId ? await sendItemOfMessageId(table, dsn.originalMessageId) : undefined;
  const email = item?.email ?? dsn.recipient;
  if (item && item.status === 'SENT') {
    const at = new Date(now).toISOString();
    const moved = await moveItem(
      table,
      item.taskId,
      item.contactId,
      {
        set: { status: 'BOUNCED', reason: 'hard_bounce', dsn: { status: dsn.status, diagnostic: dsn.diagnostic ?? null, at }, updatedAt: at },
        condition: { expression: '#s = :sent', names: { '#s': 'status' }, values: { ':sent': 'SENT' } },
      },
      { bounced: 1, sent: -1 },
    );
    if (!moved) log.info('DSN for an item that moved meanwhile', { taskId: item.taskId });
  }
  if (email) await suppress(table, { email, source: 'bounce', note: `DSN ${dsn.status} ${dsn.diagnostic ?? ''}`.trim().slice(0, 300) }, now);
  return item ? { taskId: item.taskId, contactId: item.contactId, email, origin: item.origin } : email ? { email } : undefined;
}
