/** The caller, resolved from a bearer key, a session cookie or the platform admin token. */
export interface Principal {
  kind: 'key' | 'session' | 'platform-admin';
  /** The account (registration) behind the key or session. */
  accountId?: string;
  keyId?: string;
  /** The key's name (`keys_create` name), so what an agent prepared can say which key did. */
  keyName?: string;
  email?: string;
  /** Account scope of the spec: sandbox keys, pending registrations, approved accounts. */
  accountScope?: 'sandbox' | 'pending' | 'approved';
  /** `ACTIVE` once the account may use the API; `PENDING` makes the workspace read-only. */
  status?: 'ACTIVE' | 'PENDING';
  /** Permission scopes the key holds (`*` = every scope). */
  scopes: string[];
  userId?: string;
  defaultTenantId?: string;
  platformAdmin: boolean;
}

export const hasScope = (p: Principal, scope: string) => p.scopes.includes('*') || p.scopes.includes(scope);
