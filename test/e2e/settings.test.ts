import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { addMember } from '../../shared/workspace/tenancy/provision.js';
import { getPhysicalAddress } from '../../shared/workspace/settings/settings.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
const as = (key: string, tenantId?: string) => client(rt.url, { key, headers: tenantId ? { 'x-tenant-id': tenantId } : {} });

/** A second user added to the owner's workspace with `role`, and a client acting there. */
async function memberWith(role: 'ADMIN' | 'MEMBER') {
  const u = await createApprovedAccount(rt.deps);
  await addMember(rt.deps, owner.tenantId, u.userId, role);
  return as(u.apiKey, owner.tenantId);
}

beforeAll(async () => {
  rt = await startTestRuntime();
  owner = await createApprovedAccount(rt.deps);
});
afterAll(() => rt?.stop());

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('workspace settings', () => {
  it(
    'send window: defaults, SUPER-only PATCH keeping omitted fields, malformed values 400',
    async () => {
      const http = as(owner.apiKey);
      const first = await http.get('/api/settings/send-window');
      expect(first.body).toMatchObject({
        source: 'default',
        configured: { enabled: true, workDays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00', timezone: 'UTC' },
      });
      const set = await http.patch('/api/settings/send-window', { timezone: 'Europe/Berlin', workDays: [1, 2, 3] });
      expect(set.status).toBe(200);
      const kept = await http.patch('/api/settings/send-window', { startTime: '22:00', endTime: '06:00' });
      expect(kept.body.configured).toEqual({ enabled: true, workDays: [1, 2, 3], startTime: '22:00', endTime: '06:00', timezone: 'Europe/Berlin' });
      for (const bad of [{ startTime: '25:00' }, { timezone: 'Mars/Olympus' }, { workDays: [8] }, { endTime: '9am' }, { extra: 1 }]) {
        const r = await http.patch('/api/settings/send-window', bad);
        expect(r.status, JSON.stringify(bad)).toBe(400);
      }
      for (const role of ['ADMIN', 'MEMBER'] as const) {
        const r = await (await memberWith(role)).patch('/api/settings/send-window', { enabled: false });
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ code: 'insufficient_role', requiredRole: 'SUPER' });
      }
      expect((await http.get('/api/settings/send-window')).body.configured.enabled).toBe(true);
    },
    SLOW_MACHINE_MS,
  );

  it(
    'auto-approve is SUPER only; min interval and transports ADMIN+',
    async () => {
      const admin = await memberWith('ADMIN');
      const member = await memberWith('MEMBER');
      expect((await admin.put('/api/settings/auto-approve', { enabled: true })).status).toBe(403);
      expect((await member.put('/api/settings/auto-approve', { enabled: true })).status).toBe(403);
      expect((await as(owner.apiKey).put('/api/settings/auto-approve', { enabled: true })).body).toEqual({ enabled: true });
      expect((await member.get('/api/settings/auto-approve')).body).toEqual({ enabled: true });
      expect((await admin.put('/api/settings/min-send-interval', { seconds: 120 })).body).toEqual({ seconds: 120 });
      expect((await member.put('/api/settings/min-send-interval', { seconds: 1 })).status).toBe(403);
      expect((await admin.put('/api/settings/min-send-interval', { seconds: -1 })).status).toBe(400);
      const transports = {
        transports: [
          { kind: 'smtp', enabled: true },
          { kind: 'oauth', enabled: false },
        ],
      };
      expect((await admin.put('/api/settings/transports', transports)).body).toEqual(transports);
      expect((await admin.put('/api/settings/transports', { transports: [{ kind: 'smtp' }, { kind: 'smtp' }] })).status).toBe(400);
      expect((await admin.put('/api/settings/company-profile', { companyName: 'Acme GmbH', physicalAddress: 'Hauptstr. 1, 10115 Berlin' })).status).toBe(200);
      expect(await getPhysicalAddress(rt.deps.tenantTable(owner.tenantId))).toMatchObject({ companyName: 'Acme GmbH' });
    },
    SLOW_MACHINE_MS,
  );

  it(
    'deleteAllData: SUPER with the phrase empties this workspace only; the account and balance stay',
    async () => {
      const other = await createApprovedAccount(rt.deps);
      const mine = as(owner.apiKey);
      const theirs = as(other.apiKey);
      expect((await mine.post('/api/companies', { name: 'Mine Ltd' })).status).toBe(201);
      expect((await theirs.post('/api/companies', { name: 'Theirs Ltd' })).status).toBe(201);
      expect((await (await memberWith('ADMIN')).post('/api/settings/delete-all-data', { confirmation: 'DELETE ALL DATA' })).status).toBe(403);
      const noPhrase = await mine.post('/api/settings/delete-all-data', { confirmation: 'yes' });
      expect(noPhrase.status).toBe(400);
      expect(noPhrase.body.code).toBe('confirmation_required');
      const wipe = await mine.post('/api/settings/delete-all-data', { confirmation: 'DELETE ALL DATA' });
      expect(wipe.status).toBe(202);
      expect(wipe.body).toMatchObject({ tenantId: owner.tenantId, status: 'queued', statusUrl: `/api/settings/delete-all-data/${wipe.body.jobId}` });
      expect((await theirs.get(wipe.body.statusUrl)).status).toBe(404);
      let job = wipe.body;
      for (let i = 0; i < 300 && job.status !== 'completed' && job.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await mine.get(wipe.body.statusUrl)).body;
      }
      expect(job.status).toBe('completed');
      expect((await mine.get('/api/companies')).body.data).toEqual([]);
      expect((await mine.get('/api/settings/auto-approve')).body).toEqual({ enabled: false });
      expect((await theirs.get('/api/companies')).body.data.map((c: { name: string }) => c.name)).toEqual(['Theirs Ltd']);
      expect((await mine.get('/v1/me')).status).toBe(200);
      expect((await mine.get('/api/billing/balance')).status).toBe(200);
      expect((await mine.get('/api/pipelines')).body.data.length).toBeGreaterThan(0);
    },
    SLOW_MACHINE_MS,
  );
});
