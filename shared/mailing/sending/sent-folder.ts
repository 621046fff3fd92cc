import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { openInboxReader } from '../senders/inbox.js';
import type { SendItemRecord } from '../tasks/entities.js';

/** How long a batch waits for the Sent-folder answer before it sends anyway. */
const SENT_CHECK_MS = 15_000;

/**
 * Narrows the one window where SMTP can duplicate (docs/sending.md, "Exactly once"). An item whose
 * lease was lost after its SMTP transaction may have started (`ambiguousAttempts`) may already have
 * been accepted. Providers such as Gmail and Microsoft 365 file every submission in the sender's
 * Sent folder, so before sending such items again the worker looks their Message-IDs up there (one
 * IMAP session per batch, only when the batch holds recovered items). Found → recorded as sent
 * without a second copy. Not found, no Sent folder, or IMAP failing or slow → sent again with the
 * same Message-ID, as before: a miss never costs a recipient the email.
 */
export async function alreadyInSentFolder(
  deps: Deps,
  tenantId: string,
  accountId: string,
  items: SendItemRecord[],
  messageIdOf: (it: SendItemRecord) => string,
) {
  const ids = items.filter((it) => ((it as { ambiguousAttempts?: number }).ambiguousAttempts ?? 0) > 0).map(messageIdOf);
  if (!ids.length) return new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const check = (async () => {
    const reader = await openInboxReader(deps, tenantId, accountId);
    try {
      return await reader.sentMessageIds(ids);
    } finally {
      await reader.close();
    }
  })();
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${SENT_CHECK_MS} ms`)), SENT_CHECK_MS)));
  try {
    const found = await Promise.race([check, timeout]);
    log.info('sent-folder check of recovered sends', { tenantId, accountId, checked: ids.length, found: found.size });
    return found;
  } catch (e) {
    check.catch(() => undefined);
    log.warn('sent-folder check failed; recovered sends go again', { tenantId, accountId, message: (e as Error).message });
    return new Set<string>();
  } finally {
    clearTimeout(timer);
  }
}
