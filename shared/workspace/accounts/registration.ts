import { randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/runtime/deps.js';
import type { AccountRecord, RegistrationState } from '../identity/account.js';
import { sha256 } from '../identity/api-keys.js';
import { log } from '../../platform/runtime/logger.js';
import type { Item, TxOp } from '../../platform/ports/table-store.js';
import { LINK_RETENTION_MS, LINK_TTL_MS, SIGNUP_APPROVAL_MACHINE, stateWindowMs, type PendingState } from './registration-states.js';
import { confirmEmailMessage } from './mail.js';
import { Account } from '../identity/entities.js';
import { RegistrationLink } from './entities.js';

export { LINK_TTL_MS } from './registration-states.js';

/** The account item while it is a full-account registration (index and workflow attributes added). */
export interface RegistrationRecord extends AccountRecord {
  /** When the current state was entered; its deadline is `expiresAt` (epoch ms). */
  stateEnteredAt?: string;
  expiresAt?: number;
  /** Task token of the workflow step awaiting the current state, and that state. */
  workflowToken?: string;
  workflowTokenState?: string;
  /** Where the `terms` acceptance is stored, so approval can index it under the new tenant. */
  termsAcceptance?: { pk: string; sk: string; at: string; id: string };
  platformAdmin?: boolean;
}

export type LinkPurpose = 'confirm_email' | 'accept_terms';

export interface LinkRecord {
  pk: string;
  sk: string;
  accountId: string;
  purpose: LinkPurpose;
  expiresAt: number;
  usedAt?: string;
}

/** A fresh single-use link: the token goes in the URL, only its SHA-256 is stored. */
export function newLink(deps: Deps, accountId: string, purpose: LinkPurpose, path: string) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = deps.clock.now() + LINK_TTL_MS;
  const item: LinkRecord & { ttl: number } = RegistrationLink.item(
    { tokenHash: sha256(token) },
    { accountId, purpose, expiresAt, ttl: Math.ceil((expiresAt + LINK_RETENTION_MS) / 1000) },
  );
  return { token, item, url: `${deps.config.publicBaseUrl}${path}?token=${token}` };
}

/** Attributes that put the account in a state: index keys, deadline, activity. */
export function stateAttributes(account: Pick<AccountRecord, 'accountId' | 'createdAt'>, state: PendingState, now: number) {
  const at = new Date(now).toISOString();
  const deadline = now + stateWindowMs(state);
  return {
    registrationState: state,
    ...Account.indexKeys('byRegistrationState', { registrationState: state, createdAt: account.createdAt, accountId: account.accountId }),
    ...Account.indexKeys('byRegistrationDeadline', { deadline: new Date(deadline).toISOString(), accountId: account.accountId }),
    stateEnteredAt: at,
    expiresAt: deadline,
    lastActivityAt: at,
    updatedAt: at,
  };
}

/**
 * Starts a full-account registration in `awaiting_email_confirm` (called by signup right after the
 * account is stored): indexes it for the admin list and the expiry sweep, emails a single-use
 * confirmation link valid 24 h, and starts the signup-approval workflow.
 */
export async function beginFullAccountRegistration(deps: Deps, account: AccountRecord) {
  const link = newLink(deps, account.accountId, 'confirm_email', '/v1/signup/confirm');
  const ops: TxOp[] = [
    { put: link.item as unknown as Item },
    {
      update: Account.key({ accountId: account.accountId }),
      spec: {
        set: stateAttributes(account, 'awaiting_email_confirm', deps.clock.now()),
        condition: { expression: 'registrationState = :s', values: { ':s': 'awaiting_email_confirm' } },
      },
    },
  ];
  await deps.platform.transact(ops);
  await deps.mailer.send(confirmEmailMessage(account.email, link.url));
  await startApprovalWorkflow(deps, account.accountId, 'awaiting_email_confirm');
}

/** Starts (or restarts, from the stored state) the workflow of one registration. Best effort: the sweep is the backstop. */
export async function startApprovalWorkflow(deps: Deps, accountId: string, state: RegistrationState) {
  if (!deps.workflows) return;
  try {
    await deps.workflows.start(SIGNUP_APPROVAL_MACHINE, `${accountId}-${randomBytes(4).toString('hex')}`, { accountId, state });
  } catch (e) {
    log.warn('signup-approval workflow did not start; the expiry sweep still applies', { accountId, error: (e as Error).name, message: (e as Error).message });
  }
}
