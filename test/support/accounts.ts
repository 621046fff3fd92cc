import { client, startTestRuntime } from './runtime.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { generateApiKey, sha256 } from '../../shared/workspace/identity/api-keys.js';
import { newId } from '../../shared/platform/data/ids.js';
import { provisionTenant } from '../../shared/workspace/tenancy/provision.js';
import { createAccountWithKey } from '../../shared/workspace/identity/create-account.js';
import { ApiKey } from '../../shared/workspace/identity/entities.js';

/**
 * Test fixture: an approved full account with its tenant and a key, created through the same domain
 * services the admin approval uses (no HTTP round trips), for tests of /api/* operations.
 * `scopes` limits the key (default: every scope).
 */
export async function createApprovedAccount(deps: Deps, opts: { email?: string; scopes?: string[]; tenantName?: string } = {}) {
  const email = opts.email ?? `owner-${newId()}@example.com`;
  const apiKey = generateApiKey();
  const account = await createAccountWithKey(
    deps,
    {
      email,
      flow: 'full_account',
      scope: 'pending',
      moderation_status: 'pending',
      status: 'PENDING',
      registrationState: 'awaiting_admin_approval',
      monthlyQuota: 500,
    },
    apiKey,
    opts.scopes ?? ['*'],
  );
  if (!account) throw new Error(`${email} already has an account`);
  const { tenantId, userId } = await provisionTenant(deps, { accountId: account.accountId, email, tenantName: opts.tenantName ?? `Tenant of ${email}` });
  return { accountId: account.accountId, apiKey, tenantId, userId, email };
}

/** Another key for the same account with a narrower scope list. */
export async function addKey(deps: Deps, accountId: string, scopes: string[]) {
  const at = new Date(deps.clock.now()).toISOString();
  const apiKey = generateApiKey();
  const keyId = newId();
  await deps.platform.put(ApiKey.item({ keyHash: sha256(apiKey) }, { keyId, accountId, scopes, createdAt: at }));
  return apiKey;
}

/** The usual e2e start: a runtime, one approved tenant, and a JSON client holding its key. */
export async function startTenantRuntime(opts: Parameters<typeof startTestRuntime>[0] = {}) {
  const rt = await startTestRuntime(opts);
  const account = await createApprovedAccount(rt.deps);
  return { rt, account, http: client(rt.url, { key: account.apiKey }) };
}

/** A client for a second, unrelated tenant: its ids must be "not found" to the first. */
export async function otherTenantClient(rt: { url: string; deps: Deps }) {
  return client(rt.url, { key: (await createApprovedAccount(rt.deps)).apiKey });
}
