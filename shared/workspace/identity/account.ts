/**
 * An account is the identity behind keys: a sandbox signup, a full-account registration, or an
 * account created through /api/auth/register. Keys point at it, so promoting the account (pending →
 * approved) promotes every key without rotation.
 */
export type AccountFlow = 'sandbox' | 'full_account' | 'register';
export type RegistrationState = 'awaiting_email_confirm' | 'awaiting_agreement' | 'awaiting_admin_approval' | 'approved';

export interface AccountRecord {
  pk: string;
  sk: string;
  accountId: string;
  email: string;
  flow: AccountFlow;
  scope: 'sandbox' | 'pending' | 'approved';
  moderation_status: 'pending' | 'approved' | 'rejected';
  /** Full-account registrations only. */
  registrationState?: RegistrationState;
  status: 'ACTIVE' | 'PENDING';
  org?: string;
  use_case?: string;
  channel?: 'form' | 'a2a' | 'mcp';
  firstName?: string;
  lastName?: string;
  passwordHash?: string;
  userId?: string;
  tenantId?: string;
  /** Monthly outbound quota; 500 for sandbox, configured per tenant on approval. */
  monthlyQuota: number;
  createdAt: string;
  updatedAt: string;
  /** Last activity, for the inactivity expiry of pending registrations. */
  lastActivityAt: string;
}

export interface ApiKeyRecord {
  pk: string;
  sk: string;
  keyId: string;
  accountId: string;
  /** Permission scopes; `*` means every scope the account's role allows. */
  scopes: string[];
  createdAt: string;
  revokedAt?: string;
  label?: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
