import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { ATTACHMENT_MAX_TOTAL_BYTES, visible } from '../../../../shared/mailing/dialogs/attachment-names';

/** Shapes and shared queries of the inbox pages (dialogs_list, DialogsController_getThread, EmailAccountsController_list answers). */

/** The spec's reply classes (DialogsController_classifyReply), in the order the filters show them, with what a person calls them. */
export const CLASSIFICATION_LABELS = {
  interested: 'Interested',
  later: 'Not now',
  not_interested: 'Not interested',
  out_of_office: 'Out of office',
  unsubscribe_request: 'Unsubscribe',
  wrong_person: 'Wrong person',
  bounce: 'Bounce',
} as const;
export type Classification = keyof typeof CLASSIFICATION_LABELS;
export const CLASSIFICATIONS = Object.keys(CLASSIFICATION_LABELS) as Classification[];

export const classificationLabel = (c: string | null | undefined) =>
  c ? ((CLASSIFICATION_LABELS as Record<string, string>)[c] ?? c.replace(/_/g, ' ')) : 'Not classified';

export interface DialogSummary {
  id: string;
  accountId: string;
  email: string;
  contactId: string | null;
  subject: string;
  unread: boolean;
  classification: Classification | null;
  confidence: number | null;
  messageCount: number;
  replyCount: number;
  lastMessageAt: string;
  leadId: string | null;
}

export interface Attachment {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface DialogMessage {
  messageId: string;
  /** 16 hex characters for a stored message (its attachments can be downloaded); send-… for a send-engine email. */
  messageKey?: string;
  direction: 'in' | 'out';
  kind?: string;
  at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: Attachment[];
  autoReply: boolean;
  classification: string | null;
  bodySource?: string;
}

export interface DialogThread extends DialogSummary {
  messages: DialogMessage[];
}

export interface Mailbox {
  id: string;
  name: string;
  email: string;
  status: string;
}

/** Everything the inbox caches: one invalidation after a sync or a send refreshes the list, the counts and the thread. */
export const inboxKey = (tenantId: string) => workspaceKey(tenantId, 'inbox');

export const mailboxesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'inbox', 'mailboxes'),
    queryFn: ({ signal }) => api.get<{ data: Mailbox[] }>('/api/email-accounts', { signal, query: { pageSize: 100 } }),
  });

export const threadQuery = (tenantId: string, dialogId: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'inbox', 'thread', dialogId),
    // Opening a thread is reading it: the list's unread mark and count follow.
    queryFn: ({ signal }) => api.get<DialogThread>(`/api/dialogs/${encodeURIComponent(dialogId)}`, { signal, query: { markRead: 'true' } }),
  });

/** How many unread pages the counts read at most (100 dialogs each): beyond that the count says "500+". */
export const UNREAD_PAGES = 5;

export interface UnreadCounts {
  total: number;
  /** true when more unread dialogs exist than were counted. */
  more: boolean;
  byClass: Partial<Record<Classification | 'none', number>>;
}

/** Unread dialogs counted per class from pages of `dialogs_list?unread=true` (a filtered page may be short: follow nextCursor). */
export function countUnread(pages: { data: Pick<DialogSummary, 'classification'>[]; nextCursor: string | null }[]): UnreadCounts {
  const byClass: UnreadCounts['byClass'] = {};
  let total = 0;
  for (const page of pages)
    for (const d of page.data) {
      const k = d.classification ?? 'none';
      byClass[k] = (byClass[k] ?? 0) + 1;
      total++;
    }
  return { total, more: !!pages.at(-1)?.nextCursor, byClass };
}

export const unreadQuery = (tenantId: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'inbox', 'unread'),
    queryFn: async ({ signal }) => {
      const pages: { data: DialogSummary[]; nextCursor: string | null }[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < UNREAD_PAGES; i++) {
        const page = await api.get<{ data: DialogSummary[]; nextCursor: string | null }>('/api/dialogs', {
          signal,
          query: { unread: 'true', pageSize: 100, ...(cursor ? { cursor } : {}) },
        });
        pages.push(page);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return countUnread(pages);
    },
  });

/**
 * A plain-text body as the HTML the send operations require (bodyHtml): every character escaped, blank
 * lines as paragraphs, single line breaks as <br>. What a person typed is sent as text, never as markup.
 */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The send operations' attachmentsJson entry. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Base64 of bytes, in chunks (a spread of a large array would overflow the call stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The chosen files as attachmentsJson (undefined for none); the API checks types, names and size and names a refused file. */
export async function filesToAttachments(files: FileList | null | undefined): Promise<OutgoingAttachment[] | undefined> {
  if (!files?.length) return undefined;
  return Promise.all(
    Array.from(files).map(async (f) => ({
      filename: f.name,
      contentType: f.type || 'application/octet-stream',
      contentBase64: bytesToBase64(new Uint8Array(await f.arrayBuffer())),
    })),
  );
}

export const when = (iso: string) => new Date(iso).toLocaleString();

/** A file size as a person reads it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The largest file the download operation answers (what can be sent as attachments, too). */
export const DOWNLOAD_MAX_BYTES = ATTACHMENT_MAX_TOTAL_BYTES;
export const DOWNLOAD_CAP_WORDS = `over ${DOWNLOAD_MAX_BYTES / 1024 / 1024} MB: too large to download here`;

/**
 * Where a person downloads a stored message's attachment (DialogsController_getAttachment): a plain link
 * sends no X-Tenant-Id, so the workspace goes in the query. undefined when the API cannot answer it:
 * not a stored message, or over the download cap.
 */
export function attachmentHref(tenantId: string, dialogId: string, message: Pick<DialogMessage, 'messageKey'>, index: number, size: number) {
  if (!message.messageKey || !/^[0-9a-f]{16}$/.test(message.messageKey) || size > DOWNLOAD_MAX_BYTES) return undefined;
  const path = `/api/dialogs/${encodeURIComponent(dialogId)}/messages/${message.messageKey}/attachments/${index}`;
  return `${path}?${new URLSearchParams({ workspace: tenantId })}`;
}

/** A received file name as text: invisible and bidirectional characters spelled out, so `inv\u202Efdp.scr` cannot show as a PDF. */
export const shownFilename = visible;
