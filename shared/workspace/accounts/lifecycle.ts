import { conflict, notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { AcceptanceKeys } from '../legal/acceptances.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed, type Key, type TxOp } from '../../platform/ports/table-store.js';
import { provisionTenant } from '../tenancy/provision.js';
import { activateRegisteredAccount } from '../accounts-register/register.js';
import { isPendingState, type PendingState } from './registration-states.js';
import { approvedMessage, rejectedMessage } from './mail.js';
import type { RegistrationRecord } from './registration.js';
import { signalWorkflow } from './workflow-signal.js';
import { Account, AccountEmail, ApiKey } from '../identity/entities.js';

const getRegistration = (deps: Deps, id: string) =>
  /^[A-Za-z0-9_-]{1,64}$/.test(id) ? deps.platform.get<RegistrationRecord>(Account.key({ accountId: id })) : Promise.resolve(undefined);

async function pendingApproval(deps: Deps, id: string) {
  const account = await getRegistration(deps, id);
  if (!account || (account.flow !== 'full_account' && account.flow !== 'register')) throw notFound('Registration');
  return account;
}

/**
 * Manual approval of an /api/auth/register account that failed the automatic checks (the spec's
 * "PENDING → manual admin approval → ACTIVE"): the same activation the passing checks perform.
 */
async function approveRegisteredAccount(deps: Deps, account: RegistrationRecord, actor: string) {
  const { tenantId, userId } = await activateRegisteredAccount(deps, account.accountId);
  const admin = deps.config.adminEmails.includes(account.email.toLowerCase());
  const at = new Date(deps.clock.now()).toISOString();
  await deps.platform.update(Account.key({ accountId: account.accountId }), {
    set: { approvedAt: at, approvedBy: actor, ...(admin ? { platformAdmin: true } : {}) },
  });
  await deps.mailer.send(approvedMessage(account.email, deps.config.publicBaseUrl));
  return approvalView(account, tenantId, userId);
}

/**
 * Admin approval: User, Tenant and its own data table are created (provisionTenant), the account is
 * promoted to `approved` so the same key reaches /api/* (no rotation). Approving twice answers the
 * same result; any other state is 409.
 */
export async function approveRegistration(deps: Deps, id: string, actor: string, opts: { monthlyQuota?: number } = {}) {
  const account = await pendingApproval(deps, id);
  if (account.flow === 'register') return approveRegisteredAccount(deps, account, actor);
  if (account.registrationState === 'approved' && account.tenantId) return approvalView(account, account.tenantId, account.userId!);
  if (account.registrationState !== 'awaiting_admin_approval')
    throw conflict(`The registration is ${account.registrationState}, not awaiting_admin_approval`, {
      code: 'invalid_state',
      state: account.registrationState,
    });
  let provisioned;
  try {
    provisioned = await provisionTenant(deps, {
      accountId: account.accountId,
      email: account.email,
      tenantName: account.org?.trim() || account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      monthlyQuota: opts.monthlyQuota,
    });
  } catch (e) {
    // Deleted (expired) between the read and the write.
    if (e instanceof ConditionFailed) throw notFound('Registration');
    throw e;
  }
  const at = new Date(deps.clock.now()).toISOString();
  const admin = deps.config.adminEmails.includes(account.email.toLowerCase());
  await deps.platform.update(Account.key({ accountId: account.accountId }), {
    set: {
      ...Account.indexKeys('byRegistrationState', { registrationState: 'approved', createdAt: account.createdAt, accountId: account.accountId }),
      approvedAt: at,
      approvedBy: actor,
      ...(admin ? { platformAdmin: true } : {}),
    },
    // The workflow token stays until the step is signalled: the step may have stored it after our read.
    remove: ['gsi2pk', 'gsi2sk', 'expiresAt'],
  });
  if (account.termsAcceptance) {
    // Registration-time acceptances get the tenant index once the tenant exists.
    const { pk, sk, at: acceptedAt, id: acceptanceId } = account.termsAcceptance;
    await deps.platform
      .update({ pk, sk }, { set: { tenantId: provisioned.tenantId, ...AcceptanceKeys.tenantIndex(provisioned.tenantId, acceptedAt, acceptanceId) } })
      .catch((e) => log.warn('terms acceptance not indexed', { error: (e as Error).name }));
  }
  await signalWorkflow(deps, account.accountId, 'awaiting_admin_approval', 'approved', account);
  await deps.platform.update(Account.key({ accountId: account.accountId }), { remove: ['workflowToken', 'workflowTokenState'] });
  await deps.mailer.send(approvedMessage(account.email, deps.config.publicBaseUrl));
  return approvalView(account, provisioned.tenantId, provisioned.userId);
}

const approvalView = (a: RegistrationRecord, tenantId: string, userId: string) => ({
  id: a.accountId,
  email: a.email,
  state: 'approved' as const,
  scope: 'approved' as const,
  tenantId,
  userId,
});

/** Admin rejection: the waitlist entry and its key are deleted (no User or Tenant existed). */
export async function rejectRegistration(deps: Deps, id: string, actor: string) {
  // The delete is conditional on the workflow token we read: a token stored meanwhile (the workflow
  // entering its approval step right now) is read again, so the step is always signalled, never left
  // waiting for its 7-day timeout.
  let account = await pendingApproval(deps, id);
  for (let attempt = 0; ; attempt++) {
    if (account.registrationState !== 'awaiting_admin_approval')
      throw conflict(`The registration is ${account.registrationState}, not awaiting_admin_approval`, {
        code: 'invalid_state',
        state: account.registrationState,
      });
    if (await deleteRegistration(deps, account, 'awaiting_admin_approval', { sameToken: true })) break;
    if (attempt >= 2) throw conflict('The registration changed meanwhile', { code: 'invalid_state' });
    account = await pendingApproval(deps, id);
  }
  log.info('registration rejected', { accountId: account.accountId, actor });
  await signalWorkflow(deps, account.accountId, 'awaiting_admin_approval', 'rejected', account);
  await deps.mailer.send(rejectedMessage(account.email));
  return { id: account.accountId, email: account.email, state: 'rejected' as const, deleted: true };
}

/**
 * Deletes a registration that is past its deadline in `state` (24 h inactive, or 7 days awaiting
 * approval). Returns the state it is in afterwards (`deleted` when gone), for the workflow to route on.
 */
export async function expireRegistration(deps: Deps, accountId: string, state?: string): Promise<{ accountId: string; state: string }> {
  const account = await getRegistration(deps, accountId);
  if (!account) return { accountId, state: 'deleted' };
  const current = account.registrationState ?? 'unknown';
  if (!isPendingState(current) || (state && current !== state)) return { accountId, state: current };
  if ((account.expiresAt ?? Infinity) > deps.clock.now()) return { accountId, state: current };
  const deleted = await deleteRegistration(deps, account, current);
  if (deleted) log.info('registration expired', { accountId, state: current });
  return { accountId, state: deleted ? 'deleted' : current };
}

/**
 * Removes a never-approved registration: account, email claim, keys first (one transaction, only if
 * it is still in `state`), then the rest of its partition (key refs, quota, acceptances). Links
 * stay until their TTL so an old link still explains itself.
 */
export async function deleteRegistration(deps: Deps, account: RegistrationRecord, state: PendingState, opts: { sameToken?: boolean } = {}): Promise<boolean> {
  const rest: Key[] = [];
  const keys: Key[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const out = await deps.platform.query<{ pk: string; sk: string; keyHash?: string }>({ pk: `ACCOUNT#${account.accountId}`, cursor, limit: 100 });
    for (const item of out.items) {
      if (item.sk === 'ACCOUNT') continue;
      rest.push({ pk: item.pk, sk: item.sk });
      if (item.sk.startsWith('KEYREF#') && item.keyHash)
        keys.push({ pk: item.keyHash.startsWith('APIKEY#') ? item.keyHash : ApiKey.key({ keyHash: item.keyHash }).pk, sk: 'APIKEY' });
    }
    if (!(cursor = out.cursor)) break;
  }
  const ops: TxOp[] = [
    {
      delete: Account.key({ accountId: account.accountId }),
      condition:
        opts.sameToken && account.workflowToken
          ? { expression: 'registrationState = :s AND workflowToken = :t', values: { ':s': state, ':t': account.workflowToken } }
          : opts.sameToken
            ? { expression: 'registrationState = :s AND attribute_not_exists(workflowToken)', values: { ':s': state } }
            : { expression: 'registrationState = :s', values: { ':s': state } },
    },
    {
      delete: AccountEmail.key({ email: account.email }),
      condition: { expression: 'attribute_not_exists(pk) OR accountId = :a', values: { ':a': account.accountId } },
    },
    ...keys.slice(0, 90).map((k) => ({ delete: k })),
  ];
  try {
    await deps.platform.transact(ops);
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
  for (const k of [...keys.slice(90), ...rest]) await deps.platform.delete(k).catch(() => undefined);
  return true;
}
