import { randomBytes } from 'node:crypto';
import { notFound, unauthorized } from '../../platform/errors.js';
import { sha256 } from '../../workspace/identity/api-keys.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { FormConnector } from './entities.js';
import { ConnectorToken, ConnectorTokenByHash } from './entities.js';

/** `svc_ct_` + 32 random bytes (base64url): shown once, stored as SHA-256 only. */
const TOKEN_RE = /^svc_ct_[A-Za-z0-9_-]{43}$/;

interface TokenItem {
  id: string;
  connector: FormConnector;
  name?: string;
  tokenHint: string;
  tokenHash: string;
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  revokedAt?: string;
  lastUsedAt?: string;
}

const view = (t: TokenItem) => ({
  id: t.id,
  connector: t.connector,
  name: t.name ?? null,
  tokenHint: t.tokenHint,
  status: t.status,
  createdAt: t.createdAt,
  revokedAt: t.revokedAt ?? null,
  lastUsedAt: t.lastUsedAt ?? null,
});
export const webhookUrlFor = (deps: Deps, connector: string, token: string) =>
  `${deps.config.publicBaseUrl}/api/connectors/${connector}/webhook?token=${token}`;

/** Issues a token. The tenant's item is written first, so a token that resolves is always listed and revocable. */
export async function createConnectorToken(deps: Deps, tenant: { tenantId: string; table: TableStore }, input: { connector: FormConnector; name?: string }) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const token = `svc_ct_${randomBytes(32).toString('base64url')}`;
  const tokenHash = sha256(token);
  const item: TokenItem = { id, connector: input.connector, name: input.name, tokenHint: `…${token.slice(-4)}`, tokenHash, status: 'ACTIVE', createdAt: at };
  await tenant.table.put(ConnectorToken.item({ tokenId: id }, { ...item }), { expression: 'attribute_not_exists(pk)' });
  try {
    await deps.platform.put(ConnectorTokenByHash.item({ tokenHash }, { tenantId: tenant.tenantId, tokenId: id, connector: input.connector, createdAt: at }), {
      expression: 'attribute_not_exists(pk)',
    });
  } catch (e) {
    await tenant.table.delete(ConnectorToken.key({ tokenId: id })).catch(() => undefined);
    throw e;
  }
  return { ...view(item), token, webhookUrl: webhookUrlFor(deps, input.connector, token) };
}

export async function listConnectorTokens(table: TableStore, q: { pageSize?: number; cursor?: string }) {
  const pageSize = q.pageSize ?? 20;
  const page = await table.query<TokenItem>({ ...ConnectorToken.query('primary', {}), limit: pageSize, cursor: q.cursor });
  return { data: page.items.map(view), pageSize, nextCursor: page.cursor ?? null };
}

/** Revokes a token: the platform look-up goes first (from then on the token answers 401), then the tenant's record. */
export async function revokeConnectorToken(deps: Deps, table: TableStore, id: string) {
  const t = await table.get<TokenItem>(ConnectorToken.key({ tokenId: id }));
  if (!t) throw notFound('Connector token');
  await deps.platform.delete(ConnectorTokenByHash.key({ tokenHash: t.tokenHash }));
  const at = new Date(deps.clock.now()).toISOString();
  const after = await table.update<TokenItem>(ConnectorToken.key({ tokenId: id }), { set: { status: 'REVOKED', revokedAt: t.revokedAt ?? at } });
  return view(after);
}

/** The tenant a presented token belongs to; anything unknown, malformed or revoked is the one 401. */
export async function resolveConnectorToken(deps: Deps, connector: FormConnector, token: string | undefined) {
  if (!token || !TOKEN_RE.test(token)) throw unauthorized();
  const ref = await deps.platform.get<{ tenantId: string; tokenId: string; connector: string }>(ConnectorTokenByHash.key({ tokenHash: sha256(token) }));
  if (!ref || ref.connector !== connector) throw unauthorized();
  const table = deps.tenantTable(ref.tenantId);
  try {
    await table.update(ConnectorToken.key({ tokenId: ref.tokenId }), {
      set: { lastUsedAt: new Date(deps.clock.now()).toISOString() },
      condition: { expression: '#s = :a', names: { '#s': 'status' }, values: { ':a': 'ACTIVE' } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed || (e as Error).name === 'ResourceNotFoundException') throw unauthorized();
    throw e;
  }
  return { tenantId: ref.tenantId, table, tokenId: ref.tokenId };
}
