import type { TableStore } from '../../platform/ports/table-store.js';
import type { OperationContext } from '../../platform/runtime/context.js';
import { encryptSecret } from '../../platform/security/secrets.js';
import { probeImapLogins } from '../senders/probe.js';
import { requireRole } from '../../workspace/tenancy/roles.js';
import { getSetting, updateSetting } from '../../workspace/settings/settings.js';

/**
 * Seed mailboxes for inbox-placement tests (one per provider column of the deliverability matrix):
 * their IMAP logins are tested like a sender's (same host guard), and stored only when all pass. They
 * are kept among the workspace settings, but the check is the mailer's (the mailbox probe: its IMAP client and host guard).
 */
export interface SeedMailboxInput {
  email: string;
  provider?: string;
  imapHost: string;
  imapPort: number;
  imapUser: string;
  imapPass: string;
}
export interface SeedMailbox extends Omit<SeedMailboxInput, 'imapPass'> {
  imapPassEnc: string;
}

export async function testSeedMailboxes(ctx: OperationContext, table: TableStore, mailboxes: SeedMailboxInput[], save: boolean) {
  if (save) requireRole(ctx, 'ADMIN');
  const config = ctx.deps.config;
  const results = (await probeImapLogins(ctx.deps, mailboxes)).map((r, i) => ({ email: mailboxes[i].email, ...r }));
  const ok = results.every((r) => r.ok);
  if (save && ok) {
    const stored: SeedMailbox[] = mailboxes.map(({ imapPass, ...m }) => ({ ...m, imapPassEnc: encryptSecret(imapPass, config.secretsKey) }));
    await updateSetting(table, 'inboxCheck', ctx.deps.clock.now(), () => stored);
  }
  return { ok, saved: save && ok, results };
}

/** For placement tests: the stored seed mailboxes (passwords still encrypted). */
export async function getSeedMailboxes(table: TableStore): Promise<SeedMailbox[]> {
  const v = await getSetting<unknown>(table, 'inboxCheck');
  return Array.isArray(v) ? (v as SeedMailbox[]) : [];
}
