// Reading the send engine's Message-IDs apart from bounces.ts: a dialog thread names the emails it
// answers by these ids, and needs neither the bounce handling nor the send item writers (issue 25).

/** Message-IDs the send engine writes: `<taskId.contactId.random@domain>` (shared/mailing/sending/compose.ts). */
export function sendItemRef(messageId: string): { taskId: string; contactId: string } | undefined {
  const m = /^<?([A-Za-z0-9_-]{1,96})\.([A-Za-z0-9_-]{1,96})\.[0-9a-f]{6,32}@[^>\s]+>?$/.exec(messageId.trim());
  return m ? { taskId: m[1], contactId: m[2] } : undefined;
}

export const normalizeMessageId = (id: string) => {
  const t = id.trim();
  return t.startsWith('<') ? t : `<${t}>`;
};
