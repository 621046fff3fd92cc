import type { TableStore } from '../../platform/ports/table-store.js';
import type { OperationContext } from '../../platform/runtime/context.js';
import { encryptSecret } from '../../platform/security/secrets.js';
import { imapOptions, verifyImap } from '../senders/imap.js';
import { MailHostBlocked, resolveMailHost } from '../senders/mail-host.js';
import { requireRole } from '../../workspace/tenancy/roles.js';
import { getSetting, updateSetting } from '../../workspace/settings/settings.js';

/**
 * Seed mailboxes for inbox-placement tests (one per provider column of the deliverability matrix):
 * their IMAP logins are tested like a sender's (same host guard), and stored only when all pass. They
 * are kept among the workspace settings, but the check is the mailer's (its IMAP client and host guard).
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
  const results = await Promise.all(
    mailboxes.map(async (m) => {
      try {
        const host = await resolveMailHost(config, m.imapHost);
        return { email: m.email, ...(await verifyImap(imapOptions(host, m.imapPort, { user: m.imapUser, pass: m.imapPass }))) };
      } catch (e) {
        return {
          email: m.email,
          ok: false,
          code: e instanceof MailHostBlocked && !e.reason.includes('resolve') ? 'imap_host_not_allowed' : 'imap_unreachable',
          message: (e as Error).message,
        };
      }
    }),
  );
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
