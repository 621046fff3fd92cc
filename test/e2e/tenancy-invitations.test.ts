import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

/**
 * Issue 16 fault 9: adding a member used to answer 201 with another workspace's user id, put the
 * workspace into their tenant list without consent, and 404 unknown emails (telling which are
 * registered). Now it is an invitation: the same 202 for every address, a single-use link by
 * platform mail, membership only after the invitee accepts with their own credentials.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const as = (key: string, tenantId?: string) => client(rt.url, { key, headers: tenantId ? { 'x-tenant-id': tenantId } : {} });
async function inviteToken(email: string) {
  const mails = (await client(rt.url).get(`/_local/outbox?to=${encodeURIComponent(email)}`)).body.data as { subject: string; links?: Record<string, string> }[];
  const found = mails.filter((m) => m.subject.startsWith('Invitation to the workspace'));
  return { count: found.length, token: found[0] ? new URL(found[0].links!.accept).searchParams.get('token')! : undefined };
}

describe('workspace membership by invitation', () => {
  it('answers a registered and an unknown address alike and changes nothing before acceptance', async () => {
    const owner = await createApprovedAccount(rt.deps, { tenantName: 'Inviter Co' });
    const other = await createApprovedAccount(rt.deps, { tenantName: 'Elsewhere Co' });
    const known = await as(owner.apiKey).post('/api/tenants/members', { email: other.email, role: 'ADMIN' });
    const unknown = await as(owner.apiKey).post('/api/tenants/members', { email: `nobody-${Date.now()}@example.com`, role: 'ADMIN' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const strip = (b: Record<string, unknown>) => ({ ...b, email: '<email>', expiresAt: typeof b.expiresAt });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    expect(known.text).not.toContain(other.userId);
    expect(known.body).not.toHaveProperty('userId');

    expect((await as(other.apiKey).get('/api/tenants')).body.data).toHaveLength(1);
    const members = (await as(owner.apiKey).get('/api/tenants/members')).body.data as { userId: string }[];
    expect(members.map((m) => m.userId)).not.toContain(other.userId);
    expect((await as(other.apiKey, owner.tenantId).get('/api/billing/balance')).status).toBe(404);
  });

  it('only the invitee can accept, once, and then is a member with the invited role', async () => {
    const owner = await createApprovedAccount(rt.deps, { tenantName: 'Team Co' });
    const invitee = await createApprovedAccount(rt.deps);
    const stranger = await createApprovedAccount(rt.deps);
    expect((await as(owner.apiKey).post('/api/tenants/members', { email: invitee.email, role: 'MEMBER' })).status).toBe(202);
    const { count, token } = await inviteToken(invitee.email);
    expect(count).toBe(1);

    const stolen = await as(stranger.apiKey).post('/api/tenants/invitations/accept', { token });
    expect(stolen.status).toBe(404);
    const accepted = await as(invitee.apiKey).post('/api/tenants/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ tenantId: owner.tenantId, role: 'MEMBER', alreadyMember: false });
    expect((await as(invitee.apiKey).post('/api/tenants/invitations/accept', { token })).status).toBe(404);

    const mine = (await as(invitee.apiKey).get('/api/tenants')).body.data as { tenantId: string; role: string }[];
    expect(mine).toEqual(expect.arrayContaining([expect.objectContaining({ tenantId: owner.tenantId, role: 'MEMBER' })]));
    expect((await as(invitee.apiKey, owner.tenantId).get('/api/billing/balance')).status).toBe(200);
    // Inviting a member again sends nothing new and still answers 202.
    expect((await as(owner.apiKey).post('/api/tenants/members', { email: invitee.email, role: 'MEMBER' })).status).toBe(202);
    expect((await inviteToken(invitee.email)).count).toBe(1);
  });

  it('an expired invitation is the 404', async () => {
    const owner = await createApprovedAccount(rt.deps);
    const invitee = await createApprovedAccount(rt.deps);
    await as(owner.apiKey).post('/api/tenants/members', { email: invitee.email, role: 'MEMBER' });
    const { token } = await inviteToken(invitee.email);
    expect((await client(rt.url).post('/_local/clock', { advanceMs: 8 * 86_400_000 })).status).toBe(200);
    expect((await as(invitee.apiKey).post('/api/tenants/invitations/accept', { token })).status).toBe(404);
    expect((await as(invitee.apiKey).post('/api/tenants/invitations/accept', { token: 'svc_inv_forged-token-000' })).status).toBe(404);
  });
});
