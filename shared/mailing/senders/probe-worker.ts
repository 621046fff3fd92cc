import type { Config } from '../../platform/runtime/config.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { checkConnection } from './connection.js';
import { checkDkim, checkDmarc, checkSpf } from './dns-checks.js';
import { imapOptions, verifyImap } from './imap.js';
import { MailHostBlocked, resolveMailHost } from './mail-host.js';
import type { ImapLoginInput, ImapLoginResult, ProbeAnswers, ProbeRequest } from './probe.js';

/**
 * The mailbox probe's handler (the callable `mailbox_probe`, background.ts): the one place that loads
 * the SMTP, IMAP and SPF libraries for a check. Every check answers a result, never throws for what the
 * mailbox or the DNS says; a throw is a fault of the probe itself (the caller's request fails).
 */
export async function runMailboxProbe(deps: Deps, request: ProbeRequest): Promise<ProbeAnswers[ProbeRequest['kind']]> {
  switch (request.kind) {
    case 'connection':
      return checkConnection(deps.config, request.target, request.logins);
    case 'imap':
      return Promise.all(request.mailboxes.map((m) => imapLogin(deps.config, m)));
    case 'dns':
      return Promise.all([
        checkSpf(deps, request.domain, request.smtpHost),
        checkDkim(deps, request.domain, request.dkimSelector),
        checkDmarc(deps, request.domain),
      ]);
    default:
      throw new Error(`unknown mailbox probe request ${(request as { kind?: unknown }).kind}`);
  }
}

/** A seed's login: a host the guard refuses is imap_host_not_allowed, one that does not resolve imap_unreachable. */
async function imapLogin(config: Config, m: ImapLoginInput): Promise<ImapLoginResult> {
  try {
    const host = await resolveMailHost(config, m.imapHost);
    return await verifyImap(imapOptions(host, m.imapPort, { user: m.imapUser, pass: m.imapPass }));
  } catch (e) {
    return {
      ok: false,
      code: e instanceof MailHostBlocked && !e.reason.includes('resolve') ? 'imap_host_not_allowed' : 'imap_unreachable',
      message: (e as Error).message,
    };
  }
}
