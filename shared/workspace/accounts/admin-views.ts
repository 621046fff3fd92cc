import type { Deps } from '../../platform/runtime/deps.js';
import { CURRENCY, toAmount } from '../billing/prices.js';
import type { RegistrationRecord } from './registration.js';
import { Balance } from '../billing/entities.js';
import { Account } from '../identity/entities.js';

export const LISTABLE_STATES = ['awaiting_email_confirm', 'awaiting_agreement', 'awaiting_admin_approval', 'approved'] as const;
export type ListableState = (typeof LISTABLE_STATES)[number];

/** Registrations in one state, oldest first (gsi1 REGISTRATIONS#<state>), opaque cursor pages. */
export async function listRegistrations(deps: Deps, q: { state: ListableState; limit: number; cursor?: string }) {
  const page = await deps.platform.query<RegistrationRecord>({
    ...Account.query('byRegistrationState', { registrationState: q.state }),
    limit: q.limit,
    cursor: q.cursor,
  });
  return {
    // The index follows the item; the filter only hides a moment of lag after a transition.
    data: page.items.filter((a): a is RegistrationRecord & { registrationState: ListableState } => a.registrationState === q.state).map(registrationView),
    nextCursor: page.cursor ?? null,
  };
}

export const registrationView = (a: RegistrationRecord & { registrationState: ListableState }) => ({
  id: a.accountId,
  email: a.email,
  state: a.registrationState,
  createdAt: a.createdAt,
  stateEnteredAt: a.stateEnteredAt ?? null,
  expiresAt: a.expiresAt ? new Date(a.expiresAt).toISOString() : null,
  org: a.org ?? null,
  use_case: a.use_case ?? null,
  channel: a.channel ?? null,
  firstName: a.firstName ?? null,
  lastName: a.lastName ?? null,
  termsAcceptedAt: a.termsAcceptance?.at ?? null,
  tenantId: a.tenantId ?? null,
});

interface TenantItem {
  tenantId: string;
  name: string;
  status?: string;
  ownerUserId?: string;
  createdAt: string;
  [k: string]: unknown;
}

/** Every tenant, newest first (gsi1 TENANTS), with its balance (0 until billing opened one). */
export async function listTenants(deps: Deps, q: { limit: number; cursor?: string }) {
  const page = await deps.platform.query<TenantItem>({ index: 'gsi1', pk: 'TENANTS', limit: q.limit, cursor: q.cursor, descending: true });
  const balances = page.items.length
    ? await deps.platform.batchGet<{ tenantId: string; balanceMicros?: number }>(page.items.map((t) => Balance.key({ tenantId: t.tenantId })))
    : [];
  const byTenant = new Map(balances.map((b) => [b.tenantId, b.balanceMicros ?? 0]));
  return {
    data: page.items.map((t) => ({
      id: t.tenantId,
      name: t.name,
      status: t.status ?? 'ACTIVE',
      ownerUserId: t.ownerUserId ?? null,
      createdAt: t.createdAt,
      balance: toAmount(byTenant.get(t.tenantId) ?? 0),
      currency: CURRENCY,
    })),
    nextCursor: page.cursor ?? null,
  };
}
