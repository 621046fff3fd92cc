import { randomBytes } from 'node:crypto';
import { charge, refundCharge, withBilling } from '../../workspace/billing/billing.js';
import { badRequestCode, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { classifyRecipientDomain, type Provider } from '../deliverability/matrix.js';
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import type { SeedMailbox } from '../deliverability/inbox-check.js';
import { getSetting } from '../../workspace/settings/settings.js';
import { getCreative } from './creatives.js';
import { PlacementTest } from './entities.js';
import { loadRecipientContext } from './recipient.js';

/**
 * Inbox-placement tests. Seed mailboxes are what `SettingsController_testInboxCheckConnection`
 * saved in the `inboxCheck` workspace setting: a list of `{email, provider?, imapHost, imapPort,
 * imapUser, imapPassEnc}` (password encrypted). A connected mailbox of the workspace may also serve as
 * a seed (`{seeds: [{accountId, provider?}]}`), read with the account's own credentials.
 * The worker sends one copy per seed through the chosen sender (a unique token header), then reads
 * each seed's INBOX and spam folders over IMAP until every copy is found or the timeout passes:
 * inbox / spam / missing per seed, added to the deliverability matrix (sender × provider).
 */
export const PLACEMENT_QUEUE = 'creative-placement';
export type PlacementMessage = { type: 'placement'; tenantId: string; testId: string };

/** A seed: a connected account (`accountId`) or a saved seed mailbox (`email`, credentials in the setting). */
export interface Seed {
  accountId?: string;
  email?: string;
  provider?: Provider;
}
export interface SeedResult {
  /** null for a saved seed mailbox that is not a connected account. */
  accountId: string | null;
  email: string;
  provider: Provider;
  placement: 'pending' | 'inbox' | 'spam' | 'missing' | 'send_failed';
  folder: string | null;
  smtp: string | null;
}

type StoredInboxCheck = SeedMailbox[] | { seeds?: Seed[]; seedAccountIds?: string[] } | undefined;

export async function seedMailboxes(deps: Deps, tenantId: string): Promise<Seed[]> {
  const v = await getSetting<StoredInboxCheck>(deps.tenantTable(tenantId), 'inboxCheck');
  const seeds: Seed[] = Array.isArray(v)
    ? v.map((m) => ({ email: m.email, provider: m.provider as Provider | undefined }))
    : (v?.seeds ?? (v?.seedAccountIds ?? []).map((accountId) => ({ accountId })));
  return seeds.filter((s) => typeof s?.accountId === 'string' || typeof s?.email === 'string').slice(0, 20);
}

export const toPlacement = ({ pk, sk, entity, _v, token, ...rest }: Item) => rest;

export async function startPlacementTest(
  deps: Deps,
  tenantId: string,
  input: { creativeId: string; accountId: string; contactId?: string; companyId?: string; timeoutSeconds?: number },
) {
  const table = deps.tenantTable(tenantId);
  const creative = await getCreative(table, input.creativeId);
  if (!(await getEmailAccountItem(table, input.accountId))) throw notFound('Email account');
  if (input.contactId || input.companyId) await loadRecipientContext(table, input);
  const seeds = await seedMailboxes(deps, tenantId);
  if (!seeds.length)
    throw badRequestCode('no_seed_mailboxes', { message: 'Set the seed mailboxes first (POST /api/settings/inbox-check/test-connection with save:true)' });
  const results: SeedResult[] = [];
  for (const s of seeds) {
    const email = s.accountId ? (await getEmailAccountItem(table, s.accountId))?.email : s.email;
    if (!email) continue;
    const provider = s.provider ?? (await classifyRecipientDomain(deps, email.split('@')[1] ?? ''));
    results.push({ accountId: s.accountId ?? null, email, provider, placement: 'pending', folder: null, smtp: null });
  }
  const now = deps.clock.now();
  const id = newId(now);
  const item = PlacementTest.item(
    { testId: id },
    {
      id,
      creativeId: creative.id,
      contentVersion: creative.contentVersion,
      accountId: input.accountId,
      contactId: input.contactId ?? null,
      companyId: input.companyId ?? null,
      status: 'RUNNING',
      timeoutSeconds: input.timeoutSeconds ?? 300,
      token: randomBytes(12).toString('hex'),
      seeds: results,
      createdAt: new Date(now).toISOString(),
      finishedAt: null,
    },
  );
  if (!deps.queue) throw conflict('Placement queue is not configured');
  const billing = await charge(deps, tenantId, 'inbox_placement_test', 1, { refId: `placement:${id}`, onceKey: `placement:${id}` });
  try {
    await table.put(item);
    await deps.queue.send(PLACEMENT_QUEUE, { type: 'placement', tenantId, testId: id } satisfies PlacementMessage);
  } catch (e) {
    await refundCharge(deps, tenantId, 'inbox_placement_test', 1, {
      refId: `placement:${id}`,
      onceKey: `placement:${id}:refund`,
      note: 'placement test not started',
    });
    throw e;
  }
  return withBilling(toPlacement(item), billing);
}

export async function getPlacementTest(deps: Deps, tenantId: string, id: string) {
  const item = await deps.tenantTable(tenantId).get(PlacementTest.key({ testId: id }));
  if (!item || !PlacementTest.is(item)) throw notFound('Placement test');
  return toPlacement(item);
}
