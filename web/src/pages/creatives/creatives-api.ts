import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';

/** The shapes of the creatives operations (functions/creatives) as the pages read them. */

export const CREATIVE_TYPES = ['EMAIL', 'ATTACHMENT', 'FORM', 'VK', 'TELEGRAM', 'WHATSAPP', 'LINKEDIN'] as const;
export const CHANNEL_TYPES: readonly string[] = ['FORM', 'VK', 'TELEGRAM', 'WHATSAPP', 'LINKEDIN'];

export interface Creative {
  id: string;
  name: string;
  type: (typeof CREATIVE_TYPES)[number];
  subject: string;
  bodyHtml: string;
  briefId: string | null;
  moderationStatus: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  contentVersion: number;
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  data: T[];
  pageSize: number;
  nextCursor: string | null;
}

export interface AvailableVariable {
  name: string;
  source: 'contact' | 'company' | 'custom_field';
  example: string | null;
  label?: string;
}

export interface Preview {
  subject: string;
  html: string;
  text: string;
  unresolvedTokens: string[];
  contactId: string | null;
  companyId: string | null;
  contentVersion: number;
}

export interface ContentCheck {
  score: number;
  risk: 'low' | 'medium' | 'high';
  hits: { rule: string; severity: 'info' | 'warning' | 'critical'; points: number; detail: string; fix: string }[];
  stats: { sizeBytes: number; textChars: number; links: number; images: number };
  unresolvedTokens: string[];
  spamAssassin: { score: number; required: number; isSpam: boolean; rules: string[] } | null;
  spamAssassinSkipped: { reason: string; detail: string } | null;
}

export interface TestSend {
  id: string;
  accountId: string;
  to: string;
  subject: string;
  outcome: 'accepted' | 'deferred' | 'rejected';
  smtpCode: number;
  smtpResponse: string;
  contentVersion: number;
  createdAt: string;
}

export interface PdfGeneration {
  generationId: string;
  status: 'PENDING' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';
  contactId: string | null;
  contentVersion: number;
  sizeBytes: number | null;
  error: string | null;
  imageIssues: { src: string; reason: string; detail?: string }[];
  expiresAt: string | null;
  contentBase64?: string | null;
}

export interface PlacementTest {
  id: string;
  accountId: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  timeoutSeconds: number;
  seeds: { email: string; provider: string; placement: 'pending' | 'inbox' | 'spam' | 'missing' | 'send_failed'; folder: string | null; smtp: string | null }[];
  summary?: { inbox: number; spam: number; missing: number };
  createdAt: string;
  finishedAt: string | null;
}

export interface SenderAccount {
  id: string;
  name: string;
  email: string;
  status: 'ACTIVE' | 'SUSPENDED';
}

export interface ContactOption {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

export const creativePath = (id: string) => `/api/creatives/${encodeURIComponent(id)}`;
export const creativesKey = (t: string, ...rest: unknown[]) => workspaceKey(t, 'creatives', ...rest);

export const creativeQuery = (t: string, id: string) => ({
  queryKey: creativesKey(t, 'one', id),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Creative>(creativePath(id), { signal }),
  meta: { action: 'see creatives' },
});

/** Contacts to preview with (the newest 100: a chooser, not a search). */
export const previewContactsQuery = (t: string) => ({
  queryKey: creativesKey(t, 'preview-contacts'),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Page<ContactOption>>('/api/contacts', { signal, query: { pageSize: 100 } }),
  throwOnError: false,
});

/** The workspace's sender mailboxes (test sends and placement tests go through one). */
export const sendersQuery = (t: string) => ({
  queryKey: creativesKey(t, 'senders'),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Page<SenderAccount>>('/api/email-accounts', { signal, query: { pageSize: 100 } }),
  throwOnError: false,
  meta: { action: 'see sender mailboxes' },
});

export const contactLabel = (c: ContactOption) => {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name && c.email ? `${name} <${c.email}>` : name || c.email || c.id;
};

export const formatTime = (iso: string) => new Date(iso).toLocaleString();
