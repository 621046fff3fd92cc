import { createHash } from 'node:crypto';
import { notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import {
  Dialog,
  DialogMessage,
  DialogMessageId,
  DialogThreadKey,
  type AttachmentMeta,
  type DialogMessageRecord,
  type DialogMessageView,
  type DialogRecord,
} from './entities.js';

/** Keys, ids and small helpers the inbound (sync) and outbound (compose/reply) paths share. */

export const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

/** A dialog's id follows from its mailbox and the Message-ID the thread started with: a re-sync finds the same dialog. */
export const dialogIdOf = (accountId: string, rootMessageId: string) => `d${sha256(`${accountId}|${rootMessageId}`).slice(0, 24)}`;

export const messageIdHash = (accountId: string, messageId: string) => sha256(`${accountId}|${messageId.trim().toLowerCase()}`).slice(0, 40);
export const messageIdKey = (accountId: string, messageId: string) => DialogMessageId.key({ hash: messageIdHash(accountId, messageId) });

/** Subject without reply/forward prefixes, lower-case, single spaces. */
export const normalizeSubject = (s: string) =>
  s
    .replace(/^\s*((re|aw|sv|fw|fwd|wg|antw|ответ)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export const threadKeyOf = (accountId: string, email: string, subject: string) =>
  DialogThreadKey.key({ hash: sha256(`${accountId}|${email.toLowerCase()}|${normalizeSubject(subject)}`).slice(0, 40) });

export const DIALOG_ID = /^d[0-9a-f]{24}$/;

export async function getDialogRecord(table: TableStore, dialogId: string) {
  if (!DIALOG_ID.test(dialogId)) return undefined;
  const item = await table.get(Dialog.key({ dialogId }));
  return item && Dialog.is(item) ? Dialog.view(item) : undefined;
}

/** A dialog as answered: its attributes (a DialogRecord is its view already), with its id also as `id`. */
export const dialogView = (d: DialogRecord) => ({ id: d.dialogId, ...d });

/** Keeps attachment bytes in the tenant file store (content-addressed per dialog); metadata stays on the message. */
export async function keepAttachments(deps: Deps, tenantId: string, dialogId: string, files: { filename: string; contentType: string; content: Buffer }[]) {
  const out: AttachmentMeta[] = [];
  for (const f of files) {
    const hash = sha256(f.content);
    const meta: AttachmentMeta = { filename: f.filename.slice(0, 255), contentType: f.contentType.slice(0, 127), size: f.content.length, sha256: hash };
    if (deps.files) {
      const fileKey = `dialogs/${dialogId}/${hash}`;
      await deps.files.put(tenantId, fileKey, f.content, {
        contentType: meta.contentType,
        expiresAt: new Date(deps.clock.now() + 3650 * 86_400_000).toISOString(),
      });
      meta.fileKey = fileKey;
    }
    out.push(meta);
  }
  return out;
}

/** Why a kept attachment cannot be read back: never kept (no file store then), gone from the store, or changed since. */
export type UnreadableAttachment = 'not_stored' | 'missing' | 'checksum_mismatch';
/** Why forward did not attach an attachment of the forwarded message again (unreadable, or a name that passes for another type). */
export const NOT_ATTACHED_REASONS = ['not_stored', 'missing', 'checksum_mismatch', 'unsafe_filename'] as const satisfies readonly (
  UnreadableAttachment | 'unsafe_filename'
)[];
export type NotAttachedReason = (typeof NOT_ATTACHED_REASONS)[number];

/** A kept attachment's bytes from the tenant file store, checked against the SHA-256 taken when it was kept. */
export async function readKeptAttachment(deps: Deps, tenantId: string, meta: AttachmentMeta): Promise<{ bytes: Buffer } | { reason: UnreadableAttachment }> {
  if (!meta.fileKey || !deps.files) return { reason: 'not_stored' };
  const got = await deps.files.get(tenantId, meta.fileKey).catch(() => undefined);
  if (!got) return { reason: 'missing' };
  return sha256(got.bytes) === meta.sha256 ? { bytes: got.bytes } : { reason: 'checksum_mismatch' };
}

/** The references a next message of the thread carries (RFC 5322 §3.6.4), bounded to the root and the last 18. */
export const nextReferences = (refs: string[], latest: string) => {
  const all = [...refs.filter((r) => r !== latest), latest];
  return all.length > 20 ? [all[0], ...all.slice(-19)] : all;
};

/** A message as the API shows it (its attributes); here, not in send.ts, so reading a thread does not bundle the mail composer. */
export const messageView = (m: DialogMessageRecord): DialogMessageView => DialogMessage.view(m);

/** The dialog, or a 404: here, not in dialogs.ts, so reading or answering a thread does not bundle classification and lead creation. */
export async function requireDialog(table: TableStore, dialogId: string) {
  const d = await getDialogRecord(table, dialogId);
  if (!d) throw notFound('Dialog');
  return d;
}

/** The dialog's stored messages (inbound, compose, reply, forward), bounded: the first 500. */
export async function storedMessages(table: TableStore, dialogId: string): Promise<DialogMessageRecord[]> {
  const stored: DialogMessageRecord[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5 && stored.length < 500; i++) {
    const page = await table.query<DialogMessageRecord>({ ...DialogMessage.query('primary', { dialogId }), skBeginsWith: 'MSG#', limit: 100, cursor });
    stored.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return stored;
}
