import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { encryptSecret } from '../../platform/security/secrets.js';
import { mailLogins } from './credentials.js';
import { EmailAccount, EmailAccountAddress, emailAccountView, getEmailAccountItem, type EmailAccountItem } from './entities.js';
import { connectionError, probeConnection, type ConnectionResult } from './probe.js';

/**
 * Sender mailboxes: created only after a real login on both sides, so no half-connected account is
 * ever stored (the conveyor would pick it up). The address is unique per workspace (marker item in
 * the same transaction); repeating a create for a connected address is a 409 naming the account.
 */
export interface PasswordAccountInput {
  name: string;
  email: string;
  imapHost: string;
  imapPort: number;
  imapUser: string;
  imapPass: string;
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  smtpPass: string;
  dailyLimit?: number | null;
}

export async function createPasswordAccount(deps: Deps, table: TableStore, input: PasswordAccountInput) {
  const email = input.email.trim().toLowerCase();
  await refuseExisting(table, email);
  const logins = { smtp: { user: input.smtpUser, pass: input.smtpPass }, imap: { user: input.imapUser, pass: input.imapPass } };
  const check = await probeConnection(deps, input, logins);
  if (!check.ok) throw connectionError(check);
  const key = deps.config.secretsKey;
  return storeAccount(deps, table, {
    name: input.name,
    email,
    auth: 'password',
    imapHost: input.imapHost,
    imapPort: input.imapPort,
    imapUser: input.imapUser,
    smtpHost: input.smtpHost,
    smtpPort: input.smtpPort,
    smtpUser: input.smtpUser,
    imapPassEnc: encryptSecret(input.imapPass, key),
    smtpPassEnc: encryptSecret(input.smtpPass, key),
    dailyLimit: input.dailyLimit ?? null,
  });
}

export async function refuseExisting(table: TableStore, email: string) {
  const marker = await table.get<{ accountId: string }>(EmailAccountAddress.key({ email }));
  if (marker) throw conflict(`A sender mailbox for ${email} is already connected`, { code: 'email_account_exists', accountId: marker.accountId });
}

type NewAccount = Omit<EmailAccountItem, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** Writes a verified account and its address marker in one transaction. */
export async function storeAccount(deps: Deps, table: TableStore, a: NewAccount) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const item: EmailAccountItem = {
    ...a,
    id,
    status: 'ACTIVE',
    suspendedReason: null,
    dnsStatus: null,
    dnsAcknowledgedAt: null,
    lastConnectionCheck: { ok: true, at },
    createdAt: at,
    updatedAt: at,
  };
  try {
    await table.transact([
      { put: EmailAccount.item({ accountId: id, createdAt: at }, item), condition: EmailAccount.notExists },
      { put: EmailAccountAddress.item({ email: a.email }, { email: a.email, accountId: id }), condition: EmailAccountAddress.notExists },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) await refuseExisting(table, a.email);
    throw e;
  }
  return emailAccountView(item);
}

export async function requireAccount(table: TableStore, id: string) {
  const a = await getEmailAccountItem(table, id);
  if (!a) throw notFound('Email account');
  return a;
}

export async function listAccounts(table: TableStore, page: { pageSize?: number; cursor?: string } = {}) {
  const pageSize = page.pageSize ?? 50;
  const out = await table.query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: pageSize, cursor: page.cursor });
  return { data: out.items.map(emailAccountView), pageSize, nextCursor: out.cursor ?? null };
}

export interface AccountPatch {
  name?: string;
  dailyLimit?: number | null;
  dnsAcknowledged?: boolean;
  imapHost?: string;
  imapPort?: number;
  imapUser?: string;
  imapPass?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpUser?: string;
  smtpPass?: string;
}

const CONNECTION_FIELDS = ['imapHost', 'imapPort', 'imapUser', 'imapPass', 'smtpHost', 'smtpPort', 'smtpUser', 'smtpPass'] as const;

/** Changing any connection field re-runs the real login with the merged values before anything is written. */
export async function updateAccount(deps: Deps, table: TableStore, id: string, patch: AccountPatch) {
  const a = await requireAccount(table, id);
  const at = new Date(deps.clock.now()).toISOString();
  const set: Record<string, unknown> = { updatedAt: at };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.dailyLimit !== undefined) set.dailyLimit = patch.dailyLimit;
  if (patch.dnsAcknowledged !== undefined) set.dnsAcknowledgedAt = patch.dnsAcknowledged ? at : null;
  if (CONNECTION_FIELDS.some((f) => patch[f] !== undefined)) {
    const current = await mailLogins(deps, table, a);
    const target = {
      smtpHost: patch.smtpHost ?? a.smtpHost,
      smtpPort: patch.smtpPort ?? a.smtpPort,
      imapHost: patch.imapHost ?? a.imapHost,
      imapPort: patch.imapPort ?? a.imapPort,
    };
    const smtpUser = patch.smtpUser ?? a.smtpUser;
    const imapUser = patch.imapUser ?? a.imapUser;
    const logins =
      a.auth === 'oauth'
        ? { smtp: { user: smtpUser, accessToken: current.smtp.accessToken! }, imap: { user: imapUser, accessToken: current.imap.accessToken! } }
        : { smtp: { user: smtpUser, pass: patch.smtpPass ?? current.smtp.pass! }, imap: { user: imapUser, pass: patch.imapPass ?? current.imap.pass! } };
    const check = await probeConnection(deps, target, logins);
    if (!check.ok) throw connectionError(check);
    Object.assign(set, target, { smtpUser, imapUser, lastConnectionCheck: { ok: true, at } });
    if (patch.smtpPass !== undefined) set.smtpPassEnc = encryptSecret(patch.smtpPass, deps.config.secretsKey);
    if (patch.imapPass !== undefined) set.imapPassEnc = encryptSecret(patch.imapPass, deps.config.secretsKey);
  }
  try {
    return emailAccountView(
      await table.update<EmailAccountItem>(EmailAccount.key({ accountId: id }), { set, condition: { expression: 'attribute_exists(pk)' } }),
    );
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Email account');
    throw e;
  }
}

export async function deleteAccount(table: TableStore, id: string) {
  const a = await requireAccount(table, id);
  try {
    await table.transact([
      { delete: EmailAccount.key({ accountId: id }), condition: { expression: 'attribute_exists(pk)' } },
      { delete: EmailAccountAddress.key({ email: a.email }) },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Email account');
    throw e;
  }
  return { id, deleted: true };
}

/** testConnection: the same real checks, on demand; the result is stored (getSendingState reads it). */
export async function testConnection(deps: Deps, table: TableStore, id: string) {
  const a = await requireAccount(table, id);
  const at = new Date(deps.clock.now()).toISOString();
  // OAuth refresh failure: the account is already suspended with the reason. A failure of the probe itself is not the mailbox's: it throws.
  const logins = await mailLogins(deps, table, a).catch((e: Error) => e);
  const result: ConnectionResult =
    logins instanceof Error
      ? {
          ok: false,
          smtp: { ok: false, code: 'oauth_refresh_failed', message: logins.message },
          imap: { ok: false, code: 'oauth_refresh_failed', message: logins.message },
        }
      : await probeConnection(deps, a, logins);
  const failed = !result.smtp.ok ? result.smtp : !result.imap.ok ? result.imap : undefined;
  const lastConnectionCheck = { ok: result.ok, at, ...(failed ? { code: failed.code, reason: failed.reason, message: failed.message } : {}) };
  await table
    .update(EmailAccount.key({ accountId: id }), { set: { lastConnectionCheck, updatedAt: at }, condition: { expression: 'attribute_exists(pk)' } })
    .catch(() => undefined);
  return { accountId: id, ok: result.ok, checkedAt: at, smtp: result.smtp, imap: result.imap };
}
