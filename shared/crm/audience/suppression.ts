import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { ConditionFailed, notExists, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { domainAndParents, domainHash, domainOf, emailHash, normalizeDomain, normalizeEmail } from './normalize.js';
import { Suppression } from './entities.js';

export const SUPPRESSION_SOURCES = ['unsubscribe', 'bounce', 'complaint', 'erasure', 'manual'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

export interface SuppressionEntry {
  /** The SHA-256 hash the entry is looked up by. */
  id: string;
  type: 'email' | 'domain';
  /** The address or domain; null for erasure entries, which keep only the hash. */
  value: string | null;
  hashed: boolean;
  source: SuppressionSource;
  note: string | null;
  createdAt: string;
}

const view = (i: Item): SuppressionEntry => ({
  id: i.hash as string,
  type: i.type as SuppressionEntry['type'],
  value: (i.value as string) ?? null,
  hashed: !i.value,
  source: i.source as SuppressionSource,
  note: (i.note as string) ?? null,
  createdAt: i.createdAt as string,
});

export interface SuppressInput {
  email?: string;
  domain?: string;
  source: SuppressionSource;
  note?: string;
}

/**
 * Adds an address or a domain to the suppression list. Idempotent: an existing entry is returned
 * unchanged (`created: false`). `erasure` entries keep only the hash and replace any entry of the
 * same address, so the clear-text address is gone from the list too.
 */
export async function suppress(table: TableStore, input: SuppressInput, now: number): Promise<SuppressionEntry & { created: boolean }> {
  const target = resolveTarget(input);
  const at = new Date(now).toISOString();
  const erased = input.source === 'erasure';
  const item: Item = Suppression.item(
    { hash: target.hash, createdAt: at },
    {
      hash: target.hash,
      type: target.type,
      source: input.source,
      createdAt: at,
      ...(erased ? {} : { value: target.value }),
      ...(input.note ? { note: input.note } : {}),
    },
  );
  if (erased) {
    await table.put(item);
    return { ...view(item), created: true };
  }
  try {
    await table.put(item, notExists);
    return { ...view(item), created: true };
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    const existing = await table.get(Suppression.key({ hash: target.hash }));
    return { ...view(existing ?? item), created: false };
  }
}

function resolveTarget(input: { email?: string; domain?: string }) {
  if ((input.email === undefined) === (input.domain === undefined)) throw badRequest(['exactly one of email or domain must be given']);
  if (input.email !== undefined) {
    const value = normalizeEmail(input.email);
    if (!value) throw badRequest(['email must be an email']);
    return { type: 'email' as const, value, hash: emailHash(value) };
  }
  const value = normalizeDomain(input.domain);
  if (!value) throw badRequest(['domain must be a domain name']);
  return { type: 'domain' as const, value, hash: domainHash(value) };
}

/** An entry id (hash), or an address / domain that is turned into its hash. */
export function suppressionIdOf(idOrValue: string): string {
  if (/^[0-9a-f]{64}$/.test(idOrValue)) return idOrValue;
  return resolveTarget(idOrValue.includes('@') && !idOrValue.startsWith('@') ? { email: idOrValue } : { domain: idOrValue }).hash;
}

/** Removes an entry (404 when absent). Erasure entries stay: the person asked never to be contacted again (409). */
export async function unsuppress(table: TableStore, idOrValue: string) {
  const hash = suppressionIdOf(idOrValue);
  try {
    await table.delete(Suppression.key({ hash }), {
      expression: 'attribute_exists(pk) AND #s <> :erasure',
      names: { '#s': 'source' },
      values: { ':erasure': 'erasure' },
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    const item = await table.get(Suppression.key({ hash }));
    if (!item) throw notFound('Suppression entry');
    throw conflict('An erasure suppression cannot be removed');
  }
  return { id: hash, deleted: true };
}

export async function listSuppressions(table: TableStore, q: { limit: number; cursor?: string; source?: SuppressionSource }) {
  const page = await table.query({
    ...Suppression.query('all', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(q.source ? { filter: { expression: '#s = :s', names: { '#s': 'source' }, values: { ':s': q.source } } } : {}),
  });
  return { data: page.items.map(view), nextCursor: page.cursor ?? null };
}

/** The hashes that would suppress an address: the address itself, its domain and parent domains. */
function candidateHashes(email: string): string[] {
  return [emailHash(email), ...domainAndParents(domainOf(email)).map(domainHash)];
}

/** The entry that suppresses an address (by address or domain hash), if any. */
export async function suppressionMatch(table: TableStore, email: string): Promise<SuppressionEntry | undefined> {
  const value = normalizeEmail(email);
  if (!value) return undefined;
  const hashes = candidateHashes(value);
  const found = await table.batchGet(hashes.map((h) => Suppression.key({ hash: h })));
  const byHash = new Map(found.map((f) => [f.hash as string, f]));
  const first = hashes.find((h) => byHash.has(h));
  return first ? view(byHash.get(first)!) : undefined;
}

/** Whether an address must not be mailed (campaign screen step). */
export async function isSuppressed(table: TableStore, email: string): Promise<boolean> {
  return !!(await suppressionMatch(table, email));
}

/** The suppressed addresses among many (one batched read per 100 keys). */
export async function suppressedAmong(table: TableStore, emails: string[]): Promise<Set<string>> {
  const wanted = new Map<string, string[]>();
  for (const raw of emails) {
    const e = normalizeEmail(raw);
    if (e) wanted.set(raw, candidateHashes(e));
  }
  const all = [...new Set([...wanted.values()].flat())];
  const found = new Set((await table.batchGet(all.map((h) => Suppression.key({ hash: h })))).map((f) => f.hash as string));
  return new Set([...wanted].filter(([, hs]) => hs.some((h) => found.has(h))).map(([raw]) => raw));
}
