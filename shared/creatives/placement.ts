import { randomBytes } from 'node:crypto';
import { badRequestCode, conflict, notFound } from '../errors.js';
import { newId } from '../data/ids.js';
import { classifyRecipientDomain, recordDeliverability, type Provider } from '../deliverability/matrix.js';
import type { InboxCursor, InboxReader } from '../ports/inbox.js';
import type { Item } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { openInboxReader } from '../senders/inbox.js';
import { openSenderTransport, recordSend } from '../senders/transport.js';
import { getSetting } from '../settings/settings.js';
import { getCreative } from './creatives.js';
import { PlacementTest } from './entities.js';
import { loadRecipientContext, renderCreativeFor } from './render.js';

/**
 * Inbox-placement tests. Seed mailboxes are connected mailboxes of the workspace (EmailAccount, so
 * their IMAP credentials stay encrypted where the senders domain keeps them) listed in the
 * `inboxCheck` workspace setting as `{seeds: [{accountId, provider?}]}` (or `{seedAccountIds}`).
 * The worker sends one copy per seed through the chosen sender (a unique token header), then reads
 * each seed's INBOX and spam folders over IMAP until every copy is found or the timeout passes:
 * inbox / spam / missing per seed, added to the deliverability matrix (sender × provider).
 */
export const PLACEMENT_QUEUE = 'creative-placement';
export type PlacementMessage = { type: 'placement'; tenantId: string; testId: string };
const SPAM_FOLDERS = ['Junk', 'Spam', 'INBOX.Junk', 'INBOX.Spam', '[Gmail]/Spam', 'Junk E-mail', 'Bulk Mail', 'Спам'];
const POLL_MS = Number(process.env.PLACEMENT_POLL_MS ?? 3000);

interface Seed { accountId: string; provider?: Provider }
interface SeedResult { accountId: string; email: string; provider: Provider; placement: 'pending' | 'inbox' | 'spam' | 'missing' | 'send_failed'; folder: string | null; smtp: string | null }

export async function seedMailboxes(deps: Deps, tenantId: string): Promise<Seed[]> {
  const v = await getSetting<{ seeds?: Seed[]; seedAccountIds?: string[] }>(deps.tenantTable(tenantId), 'inboxCheck');
  const seeds = v?.seeds ?? (v?.seedAccountIds ?? []).map((accountId) => ({ accountId }));
  return seeds.filter((s) => typeof s?.accountId === 'string').slice(0, 20);
}

export const toPlacement = ({ pk, sk, entity, _v, token, ...rest }: Item) => rest;

export async function startPlacementTest(deps: Deps, tenantId: string, input: { creativeId: string; accountId: string; contactId?: string; companyId?: string; timeoutSeconds?: number }) {
  const table = deps.tenantTable(tenantId);
  const creative = await getCreative(table, input.creativeId);
  if (!(await getEmailAccountItem(table, input.accountId))) throw notFound('Email account');
  if (input.contactId || input.companyId) await loadRecipientContext(table, input);
  const seeds = await seedMailboxes(deps, tenantId);
  if (!seeds.length) throw badRequestCode('no_seed_mailboxes', { message: 'Set the seed mailboxes first (workspace setting inboxCheck: {seeds: [{accountId, provider?}]})' });
  const results: SeedResult[] = [];
  for (const s of seeds) {
    const a = await getEmailAccountItem(table, s.accountId);
    if (!a) continue;
    const provider = s.provider ?? (await classifyRecipientDomain(deps, a.email.split('@')[1] ?? ''));
    results.push({ accountId: s.accountId, email: a.email, provider, placement: 'pending', folder: null, smtp: null });
  }
  const now = deps.clock.now();
  const id = newId(now);
  const item = PlacementTest.item({ testId: id }, {
    id, creativeId: creative.id, contentVersion: creative.contentVersion, accountId: input.accountId, contactId: input.contactId ?? null, companyId: input.companyId ?? null,
    status: 'RUNNING', timeoutSeconds: input.timeoutSeconds ?? 300, token: randomBytes(12).toString('hex'), seeds: results, createdAt: new Date(now).toISOString(), finishedAt: null,
  });
  await table.put(item);
  if (!deps.queue) throw conflict('Placement queue is not configured');
  await deps.queue.send(PLACEMENT_QUEUE, { type: 'placement', tenantId, testId: id } satisfies PlacementMessage);
  return toPlacement(item);
}

export async function getPlacementTest(deps: Deps, tenantId: string, id: string) {
  const item = await deps.tenantTable(tenantId).get(PlacementTest.key({ testId: id }));
  if (!item || !PlacementTest.is(item)) throw notFound('Placement test');
  return toPlacement(item);
}

const hasToken = (raw: Buffer, token: string) => raw.includes(`X-Placement-Token: ${token}`) || raw.toString('latin1').toLowerCase().includes(`x-placement-token: ${token}`);

/** The worker step; a failure (sender suspended, no SMTP) ends the test as FAILED with a short reason. */
export async function runPlacementTest(deps: Deps, msg: PlacementMessage) {
  try {
    await sendAndWatch(deps, msg);
  } catch (e) {
    await deps.tenantTable(msg.tenantId).update(PlacementTest.key({ testId: msg.testId }), {
      set: { status: 'FAILED', error: String((e as Error).message).slice(0, 200), finishedAt: new Date(deps.clock.now()).toISOString() },
    }).catch(() => undefined);
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
  const recipient = test.contactId || test.companyId ? await loadRecipientContext(table, { contactId: (test.contactId as string) ?? undefined, companyId: (test.companyId as string) ?? undefined }) : {};
  const rendered = renderCreativeFor(creative, recipient, { recipientId: 'placement-test' });
  const sender = await getEmailAccountItem(table, test.accountId as string);
  const transport = await openSenderTransport(deps, msg.tenantId, test.accountId as string);
  try {
    for (const s of seeds.filter((x) => x.placement === 'pending' && !x.smtp)) {
      const r = await transport.send({
        from: { name: sender?.name, address: sender!.email }, to: { address: s.email }, subject: rendered.subject, html: rendered.html, text: rendered.text,
        messageId: `<placement-${msg.testId}-${s.accountId}@${sender!.email.split('@')[1]}>`, headers: { 'X-Placement-Token': token },
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
        reader = await openInboxReader(deps, msg.tenantId, s.accountId);
        for (const folder of ['INBOX', ...SPAM_FOLDERS]) {
          const ck = `${s.accountId}|${folder}`;
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
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
  for (const s of seeds) if (s.placement === 'pending') s.placement = 'missing';
  for (const s of seeds) if (s.placement !== 'send_failed') await recordDeliverability(table, test.accountId as string, s.provider, { [s.placement]: 1 });
  const count = (p: string) => seeds.filter((s) => s.placement === p).length;
  await table.update(key, { set: { seeds, status: 'DONE', finishedAt: new Date(deps.clock.now()).toISOString(), summary: { inbox: count('inbox'), spam: count('spam'), missing: count('missing'), sendFailed: count('send_failed') } } });
}
