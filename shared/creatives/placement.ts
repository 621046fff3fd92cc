import { randomBytes } from 'node:crypto';
import { badRequestCode, conflict, notFound } from '../errors.js';
import { newId } from '../data/ids.js';
import { classifyRecipientDomain, type Provider } from '../deliverability/matrix.js';
import type { Item } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { getSetting } from '../settings/settings.js';
import { getCreative } from './creatives.js';
import { PlacementTest } from './entities.js';
import { loadRecipientContext } from './render.js';

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

export interface Seed {
  accountId: string;
  provider?: Provider;
}
export interface SeedResult {
  accountId: string;
  email: string;
  provider: Provider;
  placement: 'pending' | 'inbox' | 'spam' | 'missing' | 'send_failed';
  folder: string | null;
  smtp: string | null;
}

export async function seedMailboxes(deps: Deps, tenantId: string): Promise<Seed[]> {
  const v = await getSetting<{ seeds?: Seed[]; seedAccountIds?: string[] }>(deps.tenantTable(tenantId), 'inboxCheck');
  const seeds = v?.seeds ?? (v?.seedAccountIds ?? []).map((accountId) => ({ accountId }));
  return seeds.filter((s) => typeof s?.accountId === 'string').slice(0, 20);
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
    throw badRequestCode('no_seed_mailboxes', { message: 'Set the seed mailboxes first (workspace setting inboxCheck: {seeds: [{accountId, provider?}]})' });
  const results: SeedResult[] = [];
  for (const s of seeds) {
    const a = await getEmailAccountItem(table, s.accountId);
    if (!a) continue;
    const provider = s.provider ?? (await classifyRecipientDomain(deps, a.email.split('@')[1] ?? ''));
    results.push({ accountId: s.accountId, email: a.email, provider, placement: 'pending', folder: null, smtp: null });
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
