import type { Deps } from '../../platform/runtime/deps.js';
import { newId } from '../../platform/data/ids.js';

export interface AcceptanceInput {
  accountId: string;
  /** Known once the account has a tenant; registration-time acceptances are linked on approval. */
  tenantId?: string;
  docKey: string;
  version: string;
  context: string;
  refId?: string;
  ip?: string;
}

/** Platform-table keys of legal acceptances (append-only evidence). */
export const AcceptanceKeys = {
  byAccount: (accountId: string, at: string, id: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `ACCEPTANCE#${at}#${id}` }),
  tenantIndex: (tenantId: string, at: string, id: string) => ({ gsi1pk: `TENANT#${tenantId}#ACCEPTANCES`, gsi1sk: `${at}#${id}` }),
};

/** Records that an account accepted a document version, with context (e.g. `signup`, `campaign`) and refId. */
export async function recordAcceptance(deps: Deps, input: AcceptanceInput) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const record = {
    ...AcceptanceKeys.byAccount(input.accountId, at, id),
    ...(input.tenantId ? AcceptanceKeys.tenantIndex(input.tenantId, at, id) : {}),
    id,
    accountId: input.accountId,
    tenantId: input.tenantId,
    docKey: input.docKey,
    version: input.version,
    context: input.context,
    refId: input.refId ?? null,
    ip: input.ip,
    acceptedAt: at,
  };
  await deps.platform.put(record, { expression: 'attribute_not_exists(pk)' });
  return { id, docKey: input.docKey, version: input.version, context: input.context, refId: input.refId ?? null, acceptedAt: at };
}

export interface AcceptanceView {
  id: string;
  docKey: string;
  version: string;
  context: string;
  refId: string | null;
  accountId: string;
  acceptedAt: string;
}

/** Acceptances recorded in a tenant, newest first, cursor pages; `docKey` narrows to one document. */
export async function listAcceptances(deps: Deps, tenantId: string, page: { limit: number; cursor?: string; docKey?: string }) {
  const gsi1pk = `TENANT#${tenantId}#ACCEPTANCES`;
  const out = await deps.platform.query<AcceptanceView>({
    index: 'gsi1',
    pk: gsi1pk,
    descending: true,
    limit: page.limit,
    cursor: page.cursor,
    ...(page.docKey ? { filter: { expression: '#docKey = :docKey', names: { '#docKey': 'docKey' }, values: { ':docKey': page.docKey } } } : {}),
  });
  return {
    data: out.items.map(({ id, docKey, version, context, refId, accountId, acceptedAt }) => ({
      id,
      docKey,
      version,
      context,
      refId: refId ?? null,
      accountId,
      acceptedAt,
    })),
    nextCursor: out.cursor ?? null,
  };
}
