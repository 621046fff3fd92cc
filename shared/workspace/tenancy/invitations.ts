import { randomBytes } from 'node:crypto';
import { forbidden, notFound } from '../../platform/errors.js';
import { normalizeEmail, type AccountRecord } from '../identity/account.js';
import { sha256 } from '../identity/api-keys.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Account, AccountEmail } from '../identity/entities.js';
import { Invitation, Membership, Tenant } from './entities.js';
import { ROLE_RANK, type Role } from './roles.js';

/**
 * Membership by consent (issue 16 fault 9). Inviting answers the same 202 whatever the address: a
 * registered user, an unknown address, or someone already in the workspace, so the route tells
 * nobody which emails are registered and shows no one's id or name. Only an ACTIVE account that is
 * not yet a member gets an email with a single-use link (7 days); the membership exists only once
 * that user accepts it with their own credentials (POST /api/tenants/invitations/accept {token}).
 */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

interface InvitationItem {
  tenantId: string;
  userId: string;
  email: string;
  role: Role;
  expiresAt: number;
}

export async function inviteMember(deps: Deps, tenantId: string, actorRole: Role, input: { email: string; role: Role }) {
  if (ROLE_RANK[input.role] > ROLE_RANK[actorRole])
    throw forbidden(`Only a ${input.role} may grant ${input.role}`, { code: 'insufficient_role', requiredRole: input.role });
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  const expiresAt = new Date(now + INVITATION_TTL_MS).toISOString();
  const accepted = { status: 'invited' as const, tenantId, email, role: input.role, expiresAt };
  const marker = await deps.platform.get<{ accountId: string }>(AccountEmail.key({ email }));
  const account = marker ? await deps.platform.get<AccountRecord>(Account.key({ accountId: marker.accountId })) : undefined;
  if (!account?.userId || account.status !== 'ACTIVE') return accepted;
  if (await deps.platform.get(Membership.key({ userId: account.userId, tenantId }))) return accepted;
  const token = `svc_inv_${randomBytes(24).toString('base64url')}`;
  await deps.platform.put(
    Invitation.item(
      { tokenHash: sha256(token) },
      { tenantId, userId: account.userId, email, role: input.role, expiresAt: now + INVITATION_TTL_MS, createdAt: new Date(now).toISOString() },
    ),
  );
  const tenant = await deps.platform.get<{ name?: string }>(Tenant.key({ tenantId }));
  const name = tenant?.name ?? tenantId;
  // The link opens the web app's invitation page (it shows the workspace, signs the person in, and accepts through the API).
  const link = `${deps.config.publicBaseUrl}/app/invite?token=${token}`;
  await deps.mailer.send({
    to: email,
    subject: `Invitation to the workspace ${name}`,
    text: [
      `You were invited to join the workspace "${name}" as ${input.role}. Nothing changes unless you accept.`,
      `Open ${link} to accept in the web app, or POST {"token":"${token}"} to /api/tenants/invitations/accept with your own API key or session (the invitation is for this email's account only, single use, valid 7 days).`,
      `If you do not know this workspace, ignore this message.`,
    ].join('\n\n'),
    links: { accept: link },
  });
  return accepted;
}

/** What an invitation offers, for its own user only (anything else is the one 404, as for accepting). */
export async function previewInvitation(deps: Deps, userId: string | undefined, token: string) {
  const inv = await deps.platform.get<InvitationItem>(Invitation.key({ tokenHash: sha256(token) }));
  if (!inv || !userId || inv.userId !== userId || inv.expiresAt <= deps.clock.now()) throw notFound('Invitation');
  const tenant = await deps.platform.get<{ name?: string }>(Tenant.key({ tenantId: inv.tenantId }));
  if (!tenant) throw notFound('Invitation');
  const alreadyMember = !!(await deps.platform.get(Membership.key({ userId, tenantId: inv.tenantId })));
  return {
    tenantId: inv.tenantId,
    workspaceName: tenant.name ?? inv.tenantId,
    role: inv.role,
    expiresAt: new Date(inv.expiresAt).toISOString(),
    alreadyMember,
  };
}

/** Accepts an invitation for the caller's own user; anything else (unknown, used, expired, another user's) is the one 404. */
export async function acceptInvitation(deps: Deps, userId: string | undefined, token: string) {
  const key = Invitation.key({ tokenHash: sha256(token) });
  const inv = await deps.platform.get<InvitationItem>(key);
  const now = deps.clock.now();
  if (!inv || !userId || inv.userId !== userId || inv.expiresAt <= now) throw notFound('Invitation');
  const joinedAt = new Date(now).toISOString();
  try {
    await deps.platform.transact([
      { delete: key, condition: { expression: 'attribute_exists(pk)' } },
      { check: Tenant.key({ tenantId: inv.tenantId }), condition: { expression: 'attribute_exists(pk)' } },
      {
        put: Membership.item({ userId, tenantId: inv.tenantId }, { userId, tenantId: inv.tenantId, role: inv.role, createdAt: joinedAt }),
        condition: { expression: 'attribute_not_exists(pk)' },
      },
    ]);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    if (e.index === 2) {
      await deps.platform.delete(key); // already a member meanwhile: the invitation is spent all the same
      return { tenantId: inv.tenantId, role: inv.role, joinedAt: null, alreadyMember: true };
    }
    throw notFound('Invitation');
  }
  return { tenantId: inv.tenantId, role: inv.role, joinedAt, alreadyMember: false };
}
