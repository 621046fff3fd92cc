import { recordDeliverability } from '../deliverability/matrix.js';
import type { InboxCursor, InboxReader } from '../../platform/ports/inbox.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { openImapReader, openInboxReader } from '../senders/inbox.js';
import { imapOptions } from '../senders/imap.js';
import { resolveMailHost } from '../senders/mail-host.js';
import { decryptSecret } from '../../platform/security/secrets.js';
import { getSeedMailboxes } from '../deliverability/inbox-check.js';
import { openSenderTransport, recordSend } from '../senders/transport.js';
import { getCreative } from './creatives.js';
import { PlacementTest } from './entities.js';
import type { PlacementMessage, SeedResult } from './placement.js';
import { renderCreativeFor } from './render.js';
import { loadRecipientContext } from './recipient.js';

// The worker half of placement tests (SMTP + IMAP clients), apart from the API half in placement.ts.
const SPAM_FOLDERS = ['Junk', 'Spam', 'INBOX.Junk', 'INBOX.Spam', '[Gmail]/Spam', 'Junk E-mail', 'Bulk Mail', 'Спам'];

const hasToken = (raw: Buffer, token: string) =>
  raw.includes(`X-Placement-Token: ${token}`) || raw.toString('latin1').toLowerCase().includes(`x-placement-token: ${token}`);

/** A seed's IMAP: a connected account's own login, or the saved seed mailbox's (decrypted only here). */
async function openSeedReader(deps: Deps, tenantId: string, seed: SeedResult): Promise<InboxReader> {
  if (seed.accountId) return openInboxReader(deps, tenantId, seed.accountId);
  const saved = (await getSeedMailboxes(deps.tenantTable(tenantId))).find((m) => m.email === seed.email);
  if (!saved) throw new Error('seed_mailbox_removed');
  const host = await resolveMailHost(deps.config, saved.imapHost);
  return openImapReader(imapOptions(host, saved.imapPort, { user: saved.imapUser, pass: decryptSecret(saved.imapPassEnc, deps.config.secretsKey) }));
}

/** The worker step; a failure (sender suspended, no SMTP) ends the test as FAILED with a short reason. */
export async function runPlacementTest(deps: Deps, msg: PlacementMessage) {
  try {
    await sendAndWatch(deps, msg);
  } catch (e) {
    await deps
      .tenantTable(msg.tenantId)
      .update(PlacementTest.key({ testId: msg.testId }), {
        set: { status: 'FAILED', error: String((e as Error).message).slice(0, 200), finishedAt: new Date(deps.clock.now()).toISOString() },
      })
      .catch(() => undefined);
  }
}

/** Send to every seed, then watch their folders (bounded by the timeout and a round count). */
async function sendAndWatch(deps: Deps, msg: PlacementMessage) {
  const table = deps.tenantTable(msg.tenantId);
  const key = PlacementTest.key({ testId: msg.testId });
  const test = await table.get(key);
  if (!test || test.status !== 'RUNNING') return;
  const seeds = test.seeds as SeedResult[];
  const token = test.token as string;
  const creative = await getCreative(table, test.creativeId as string);
  const recipient =
    test.contactId || test.companyId
      ? await loadRecipientContext(table, { contactId: (test.contactId as string) ?? undefined, companyId: (test.companyId as string) ?? undefined })
      : {};
  const rendered = renderCreativeFor(creative, recipient, { recipientId: 'placement-test' });
  const sender = await getEmailAccountItem(table, test.accountId as string);
  const transport = await openSenderTransport(deps, msg.tenantId, test.accountId as string);
  try {
    for (const s of seeds.filter((x) => x.placement === 'pending' && !x.smtp)) {
      const r = await transport.send({
        from: { name: sender?.name, address: sender!.email },
        to: { address: s.email },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<placement-${msg.testId}-${seeds.indexOf(s)}@${sender!.email.split('@')[1]}>`,
        headers: { 'X-Placement-Token': token },
      });
      await recordSend(deps, msg.tenantId, test.accountId as string, r, deps.clock.now());
      s.smtp = `${r.code} ${r.response}`.slice(0, 200);
      if (r.outcome !== 'accepted') s.placement = 'send_failed';
    }
  } finally {
    await transport.close();
  }
  await table.update(key, { set: { seeds } });
  const deadline = Date.now() + Number(test.timeoutSeconds) * 1000;
  const cursors = new Map<string, InboxCursor | undefined>();
  for (let round = 0; round < 1000 && seeds.some((s) => s.placement === 'pending'); round++) {
    for (const s of seeds.filter((x) => x.placement === 'pending')) {
      let reader: InboxReader | undefined;
      try {
        reader = await openSeedReader(deps, msg.tenantId, s);
        for (const folder of ['INBOX', ...SPAM_FOLDERS]) {
          const ck = `${s.email}|${folder}`;
          const batch = await reader.fetchSince(cursors.get(ck), { mailbox: folder, limit: 200 }).catch(() => undefined);
          if (!batch) continue;
          cursors.set(ck, batch.cursor);
          if (batch.messages.some((m) => hasToken(m.raw, token))) {
            s.placement = folder === 'INBOX' ? 'inbox' : 'spam';
            s.folder = folder;
            break;
          }
        }
      } catch {
        /* the seed's IMAP is unreachable this round: try again next round */
      } finally {
        await reader?.close().catch(() => undefined);
      }
    }
    if (!seeds.some((s) => s.placement === 'pending') || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, Math.min(deps.config.creatives.placementPollMs, Math.max(0, deadline - Date.now()))));
  }
  for (const s of seeds) if (s.placement === 'pending') s.placement = 'missing';
  for (const s of seeds) if (s.placement !== 'send_failed') await recordDeliverability(table, test.accountId as string, s.provider, { [s.placement]: 1 });
  const count = (p: string) => seeds.filter((s) => s.placement === p).length;
  await table.update(key, {
    set: {
      seeds,
      status: 'DONE',
      finishedAt: new Date(deps.clock.now()).toISOString(),
      summary: { inbox: count('inbox'), spam: count('spam'), missing: count('missing'), sendFailed: count('send_failed') },
    },
  });
}
