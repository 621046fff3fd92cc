import { conflict, gone, notFoundMessage } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { sha256 } from '../identity/api-keys.js';
import { ConditionFailed, type Item, type TxOp } from '../../platform/ports/table-store.js';
import { AcceptanceKeys, recordAcceptance } from '../legal/acceptances.js';
import { getDocument } from '../legal/documents-service.js';
import { type PendingState } from './registration-states.js';
import { acceptTermsMessage } from './mail.js';
import { newLink, stateAttributes, type LinkPurpose, type LinkRecord, type RegistrationRecord } from './registration.js';
import { signalWorkflow } from './workflow-signal.js';
import { Account } from '../identity/entities.js';
import { RegistrationLink } from './entities.js';

/** The Terms of Service a signup accepts: the current version in the legal documents registry. */
export const termsVersion = () => getDocument('terms').version;

const linkError = (status: 404 | 410, code: string, message: string) => (status === 404 ? notFoundMessage(message, { code }) : gone(message, { code }));
export const LINK_INVALID = () => linkError(404, 'link_invalid', 'This link is not valid. Check that you copied the whole address.');
export const LINK_USED = () =>
  linkError(410, 'link_used', 'This link was already used. Each link works once; GET /v1/me with your API key shows where your registration stands.');
export const LINK_EXPIRED = () => linkError(410, 'link_expired', 'This link has expired: links are valid for 24 hours. Sign up again with POST /v1/signup.');
export const REGISTRATION_GONE = () =>
  linkError(410, 'registration_deleted', 'This registration no longer exists (it expired or was rejected). Sign up again with POST /v1/signup.');

/**
 * Opens a single-use link: it must exist, be unused and younger than 24 h, and the registration must
 * still be in the state the link advances. The link is spent and the state moved in one transaction.
 */
async function consume(deps: Deps, token: string, purpose: LinkPurpose, from: PendingState, to: PendingState, extra: (accountId: string) => TxOp[] = () => []) {
  const link = await deps.platform.get<LinkRecord>(RegistrationLink.key({ tokenHash: sha256(token) }));
  if (!link || link.purpose !== purpose) throw LINK_INVALID();
  if (link.usedAt) throw LINK_USED();
  const now = deps.clock.now();
  if (link.expiresAt <= now) throw LINK_EXPIRED();
  const account = await deps.platform.get<RegistrationRecord>(Account.key({ accountId: link.accountId }));
  if (!account) throw REGISTRATION_GONE();
  if (account.registrationState !== from)
    throw conflict(`The registration is ${account.registrationState}, not ${from}`, { code: 'invalid_state', state: account.registrationState });
  const at = new Date(now).toISOString();
  try {
    await deps.platform.transact([
      { update: { pk: link.pk, sk: link.sk }, spec: { set: { usedAt: at }, condition: { expression: 'attribute_not_exists(usedAt)' } } },
      {
        update: Account.key({ accountId: account.accountId }),
        spec: { set: stateAttributes(account, to, now), condition: { expression: 'registrationState = :s', values: { ':s': from } } },
      },
      ...extra(account.accountId),
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed)
      throw e.index === 0 ? LINK_USED() : conflict('The registration changed meanwhile; GET /v1/me shows its state', { code: 'invalid_state' });
    throw e;
  }
  await signalWorkflow(deps, account.accountId, from, to);
  return account;
}

/** awaiting_email_confirm → awaiting_agreement; emails the terms-acceptance link (written in the same transaction). */
export async function confirmEmail(deps: Deps, token: string) {
  let terms: ReturnType<typeof newLink> | undefined;
  const account = await consume(deps, token, 'confirm_email', 'awaiting_email_confirm', 'awaiting_agreement', (accountId) => {
    terms = newLink(deps, accountId, 'accept_terms', '/v1/signup/accept-terms');
    return [{ put: terms.item as unknown as Item }];
  });
  const termsUrl = `${deps.config.publicBaseUrl}/v1/signup/terms`;
  await deps.mailer.send(acceptTermsMessage(account.email, terms!.url, termsUrl));
  return { state: 'awaiting_agreement' as const, email: account.email, acceptTermsUrl: terms!.url, termsUrl };
}

/** awaiting_agreement → awaiting_admin_approval; records the `terms` acceptance (context `signup`). */
export async function acceptTerms(deps: Deps, token: string, ip?: string) {
  const account = await consume(deps, token, 'accept_terms', 'awaiting_agreement', 'awaiting_admin_approval');
  const acceptance = await recordAcceptance(deps, { accountId: account.accountId, docKey: 'terms', version: termsVersion(), context: 'signup', ip });
  await deps.platform.update(Account.key({ accountId: account.accountId }), {
    set: {
      termsAcceptance: { ...AcceptanceKeys.byAccount(account.accountId, acceptance.acceptedAt, acceptance.id), at: acceptance.acceptedAt, id: acceptance.id },
    },
  });
  return { state: 'awaiting_admin_approval' as const, email: account.email, acceptance };
}
