import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { createApprovedAccount, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { Campaign } from '../../shared/mailing/campaigns/entities.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { mcpClients } from '../support/mcp-client.js';
import { CLEAN_COPY, contactList, setupSendingWorkspace, waitFor } from './campaigns-fixtures.js';

// Real parts: the embedded runtime (DynamoDB Local, the local queue and send worker, the local Step
// Functions runner for the campaign-recipients ASL), Dovecot and smtp-server on 127.0.0.1, the official
// MCP client. AI_PROVIDER is the builtin (offline) provider. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
const mcp = mcpClients(() => ctx.rt.url);

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' } }),
    startDovecot(),
    startSmtpRelay(),
  ]);
}, 120_000);
afterAll(async () => {
  await mcp.closeAll();
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

describe('PLATFORM campaign end to end over MCP (builtin AI)', () => {
  it('create → pour 20 → screen (suppressed, DE, accounting@ skipped) → prepare → readiness → send 1 → send the rest → metrics', async () => {
    const { http, rt, account } = ctx;
    await setupSendingWorkspace(rt.deps, http, account.tenantId, { dovecot, relay, mailbox: 'sales@acme.test' });
    const people = Array.from({ length: 17 }, (_, i) => ({ firstName: `Buyer${i}`, email: `buyer${i}@buyer.test` }));
    people[16].email = 'pierre@acheteur.fr'; // GDPR zone: mailed, with the source disclosed in the footer
    people.push(
      { firstName: 'Sup', email: 'sup@buyer.test' },
      { firstName: 'Hans', email: 'hans@firma.de' },
      { firstName: 'Acc', email: 'accounting@buyer.test' },
    );
    const { listId, ids } = await contactList(http, people);
    expect((await http.post('/api/suppression', { email: 'sup@buyer.test', source: 'manual' })).status).toBe(201);

    const c = await mcp.connect({ authorization: `Bearer ${account.apiKey}`, 'x-tenant-id': account.tenantId }, '?toolsets=campaigns,mailing');
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await c.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: any; content?: any };
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      return r.structuredContent;
    };
    const tools = (await c.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('svc_CampaignsController_pour');
    expect(tools.some((t) => /claim|report|campaign_step/i.test(t))).toBe(false);

    const brief = await call('svc_briefs_intake', { body: { description: 'Route planning for logistics teams' } });
    const creative = await call('svc_creatives_create', { body: { name: 'Intro', ...CLEAN_COPY, briefId: brief.id } });
    const campaign = await call('svc_CampaignsController_create', { body: { name: 'Q4 logistics', renderMode: 'PLATFORM', creativeIds: [creative.id] } });
    expect(campaign).toMatchObject({ status: 'DRAFT', label: 'CAMPAIGN_DRAFT', renderMode: 'PLATFORM' });
    expect(campaign._expert.next).toBe('svc_CampaignsController_pour');
    const acceptances = await http.get('/api/legal/acceptances?docKey=campaign_guarantee');
    expect(acceptances.body.data.some((a: { context: string; refId: string }) => a.context === 'campaign' && a.refId === campaign.id)).toBe(true);

    const poured = await call('svc_CampaignsController_pour', { id: campaign.id, body: { listId } });
    expect(poured).toMatchObject({ added: 20, noEmail: 0, duplicate: 0, inactiveChannel: 0, notFound: 0 });
    expect(await call('svc_CampaignsController_pour', { id: campaign.id, body: { listId } })).toMatchObject({ added: 0, duplicate: 20 });

    const screened = await call('svc_CampaignsController_screen', { id: campaign.id });
    expect(screened).toMatchObject({ screened: 17, skipped: 3, reasons: { suppressed: 1, geo_opt_in_only: 1, non_target_role: 1 } });
    const skipped = await call('svc_campaigns_recipients_list', { id: campaign.id, status: 'SKIPPED' });
    expect(Object.fromEntries(skipped.data.map((r: { contactId: string; reason: string }) => [r.contactId, r.reason]))).toEqual({
      [ids[17]]: 'suppressed',
      [ids[18]]: 'geo_opt_in_only',
      [ids[19]]: 'non_target_role',
    });
    const geo = await call('svc_CampaignsController_geoRisk', { id: campaign.id });
    expect(geo.byPolicy).toMatchObject({ opt_in_only: 1, gdpr_disclosed: 1, unknown: 18 });
    expect(geo.byCountry).toMatchObject({ DE: 1, FR: 1 });
    // Screening is free: nothing charged so far.
    const ledgerBefore = (await http.get('/api/billing/ledger')).body;

    const gen = await call('svc_campaigns_preparations_start', { id: campaign.id });
    expect(gen.status).toBe('running');
    const done = await waitFor('the preparation', async () => {
      const s = await call('svc_campaigns_preparations_status', { id: campaign.id, generationId: gen.generationId });
      return s.status !== 'running' && s;
    });
    expect(done).toMatchObject({ status: 'completed', ready: 17, failed: 0 });
    const ledger = (await http.get('/api/billing/ledger?pageSize=100')).body;
    const ops = ledger.data.filter((e: { operation?: string }) => e.operation).map((e: { operation: string }) => e.operation);
    expect(ops.filter((o: string) => o === 'platform_render')).toHaveLength(17);
    expect(ops.filter((o: string) => o === 'audit')).toHaveLength(17);
    void ledgerBefore;

    const readiness = await call('svc_CampaignsController_sendReadiness', { id: campaign.id });
    expect(readiness).toMatchObject({ ready: true, blockers: [], effective: { sendWindow: { source: 'workspace', windowOpen: true, nextOpenAt: null } } });
    expect(readiness._expert.next).toBe('svc_CampaignsController_send');

    const first = await call('svc_CampaignsController_send', { id: campaign.id, body: { limit: 1 } });
    expect(first).toMatchObject({ queued: 1, remainingReady: 16, status: 'ACTIVE' });
    const toBuyers = () => relay.messages.filter((m) => m.to.some((t) => t.endsWith('@buyer.test') || t.endsWith('@acheteur.fr')));
    await waitFor('the first email', async () => toBuyers().length === 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(toBuyers()).toHaveLength(1);

    const rest = await call('svc_CampaignsController_send', { id: campaign.id, body: { limit: 100 } });
    expect(rest).toMatchObject({ queued: 16, remainingReady: 0 });
    await waitFor('all 17 emails', async () => toBuyers().length === 17, 600);
    expect(new Set(toBuyers().map((m) => m.to[0])).size).toBe(17);
    expect(toBuyers().some((m) => m.to.includes('sup@buyer.test') || m.to.includes('accounting@buyer.test'))).toBe(false);

    const french = await simpleParser(toBuyers().find((m) => m.to[0] === 'pierre@acheteur.fr')!.raw);
    expect(french.html).toContain('legitimate interest');
    expect(french.html).toContain('obtained from');
    const parsed = await simpleParser(toBuyers().find((m) => m.to[0] !== 'pierre@acheteur.fr')!.raw);
    expect(parsed.html).not.toContain('legitimate interest');
    expect(parsed.html).toContain('1 Main Street, Springfield');
    const pixel = String(parsed.html).match(/<img src="([^"]+\/t\/o\/[^"]+)"/)![1];
    const click = String(parsed.html).match(/href="([^"]+\/t\/c\/[^"]+)"/)![1];
    expect((await fetch(pixel)).status).toBe(200);
    expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
    const metrics = await waitFor('metrics', async () => {
      const m = await call('svc_CampaignsController_metrics', { id: campaign.id });
      return m.sent === 17 && m.opened.unique === 1 && m.clicked.unique === 1 && m;
    });
    expect(metrics).toMatchObject({
      sent: 17,
      delivered: 17,
      opened: { total: 1, unique: 1 },
      clicked: { total: 1, unique: 1 },
      replied: { total: 0, unique: 0 },
    });

    const activity = await call('svc_CampaignsController_activity', { id: campaign.id });
    expect(activity.data.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['created', 'preparation_started', 'activated', 'send']));
    const history = await call('svc_dialogs_outbox_history', { id: campaign.id, status: 'SENT' });
    expect(history.data[0]).toMatchObject({ status: 'SENT', attemptNumber: 1, attemptLimit: 5 });

    // Delete is refused while ACTIVE; paused, it goes.
    const del = await http.delete(`/api/campaigns/${campaign.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('campaign_active');
    expect((await call('svc_CampaignsController_pause', { id: campaign.id })).status).toBe('PAUSED');
    const log = await http.get(`/api/campaigns/${campaign.id}/activity`);
    expect(log.body.data[0]).toMatchObject({ action: 'paused', reason: 'manual', actor: { kind: 'key' } });
    expect((await http.delete(`/api/campaigns/${campaign.id}`)).status).toBe(204);
    expect((await http.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await http.get(`/api/tasks/${campaign.id}`)).body).toMatchObject({ status: 'CANCELLED', counters: { sent: 17 } });
  }, 300_000);

  it('RU is manual-confirm: listed, confirmed with evidence (bad input changes nothing), then prepared and sent; counts follow every step', async () => {
    const { rt } = ctx;
    const owner = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: owner.apiKey });
    await setupSendingWorkspace(rt.deps, http, owner.tenantId, { dovecot, relay, mailbox: 'sales@confirm.test' });
    const { listId, ids } = await contactList(http, [
      { firstName: 'Ivan', email: 'ivan@firma.ru' },
      { firstName: 'Anna', email: 'anna@confirm-buyer.test' },
      { firstName: 'Olga', email: 'olga@zavod.ru' },
    ]);
    const [ivan, anna, olga] = ids;
    const creative = await http.post('/api/creatives', { name: 'RU', ...CLEAN_COPY });
    const id = (await http.post('/api/campaigns', { name: 'ru consent', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body.id as string;
    // The campaign's per-state counts (read from the campaign item) against the recipients actually in each state.
    const listed = async () => {
      const out: Record<string, number> = {};
      for (const status of ['NEW', 'SCREENED', 'SKIPPED', 'READY', 'CREATIVE_FAILED', 'SENT'])
        out[status] = (await http.get(`/api/campaigns/${id}/recipients?status=${status}&limit=100`)).body.data.length;
      return out;
    };
    const countsMatch = async (expected: Record<string, number>) => {
      const counts = (await http.get(`/api/campaigns/${id}`)).body.recipients;
      expect(counts).toEqual(await listed());
      expect(counts).toMatchObject(expected);
      // Answered from the campaign item's own counters (moved with the recipients), not by reading the recipients.
      const item = (await rt.deps.tenantTable(owner.tenantId).get(Campaign.key({ campaignId: id })))!;
      expect(Object.fromEntries(Object.keys(counts).map((st) => [st, Number(item[`rc_${st}`] ?? 0)]))).toEqual(counts);
    };

    expect((await http.post(`/api/campaigns/${id}/pour`, { listId })).body.added).toBe(3);
    await countsMatch({ NEW: 3, SKIPPED: 0 });
    expect((await http.post(`/api/campaigns/${id}/pour`, { listId })).body).toMatchObject({ added: 0, duplicate: 3 });
    await countsMatch({ NEW: 3 });
    expect((await http.post(`/api/campaigns/${id}/screen`)).body).toMatchObject({ screened: 1, skipped: 2, reasons: { geo_manual_confirm: 2 } });
    await countsMatch({ NEW: 0, SCREENED: 1, SKIPPED: 2 });
    const waiting = (await http.get(`/api/campaigns/${id}/recipients?status=SKIPPED&reason=geo_manual_confirm`)).body.data;
    expect(waiting.map((r: { contactId: string }) => r.contactId).sort()).toEqual([ivan, olga].sort());
    expect(waiting[0]).toMatchObject({ geoPolicy: 'manual_confirm', country: 'RU', consent: null });
    expect((await http.get(`/api/campaigns/${id}/recipients?status=SKIPPED&reason=suppressed`)).body.data).toEqual([]);

    // Bad input changes nothing: an empty list, more than 500 ids, no evidence, unknown properties, another tenant's campaign.
    const before = (await http.get(`/api/campaigns/${id}/recipients?limit=100`)).body.data;
    const confirm = (body: unknown, api = http) => api.post(`/api/campaigns/${id}/recipients/confirm`, body);
    expect((await confirm({ contactIds: [], evidence: 'signed form' })).status).toBe(400);
    expect((await confirm({ contactIds: Array.from({ length: 501 }, (_, i) => `c${i}`), evidence: 'signed form' })).status).toBe(400);
    expect((await confirm({ contactIds: [ivan] })).status).toBe(400);
    expect((await confirm({ contactIds: [ivan], evidence: '   ' })).status).toBe(400);
    expect((await confirm({ contactIds: [ivan], evidence: 'x', extra: 1 })).body).toMatchObject({
      statusCode: 400,
      message: ['property extra should not exist'],
    });
    const foreign = await confirm({ contactIds: [ivan], evidence: 'signed form' }, ctx.http);
    expect(foreign.status).toBe(404);
    expect((await http.get(`/api/campaigns/${id}/recipients?limit=100`)).body.data).toEqual(before);
    await countsMatch({ SCREENED: 1, SKIPPED: 2 });

    const evidence = 'Signed consent form 2024-03-01, ref RU-17 (CRM note)';
    const done = await confirm({ contactIds: [ivan, anna, 'nobody'], evidence });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      confirmed: 1,
      screened: 1,
      results: [{ contactId: ivan, status: 'SCREENED', reason: null }],
      notManualConfirm: [{ contactId: anna, status: 'SCREENED', reason: null }],
      notFound: ['nobody'],
    });
    await countsMatch({ SCREENED: 2, SKIPPED: 1 });
    const ivanRow = (await http.get(`/api/campaigns/${id}/recipients?status=SCREENED`)).body.data.find((r: { contactId: string }) => r.contactId === ivan);
    expect(ivanRow.consent).toMatchObject({ evidence, confirmedBy: { kind: 'key' } });
    expect(Date.parse(ivanRow.consent.confirmedAt)).toBeGreaterThan(0);
    expect((await http.get(`/api/campaigns/${id}/activity`)).body.data[0]).toMatchObject({ action: 'recipients_confirmed', actor: { kind: 'key' } });
    // Safe to repeat: nothing moves, nothing counts twice.
    const again = (await confirm({ contactIds: [ivan], evidence })).body;
    expect(again).toMatchObject({ confirmed: 0, results: [], notManualConfirm: [{ contactId: ivan, status: 'SCREENED' }], notFound: [] });
    await countsMatch({ SCREENED: 2, SKIPPED: 1 });

    // The confirmed recipient is prepared and sent like any screened one; Olga (not confirmed) is not.
    const gen = (await http.post(`/api/campaigns/${id}/preparations`)).body;
    const prepared = await waitFor('the preparation', async () => {
      const g = (await http.get(`/api/campaigns/${id}/preparations/${gen.generationId}`)).body;
      return g.status !== 'running' && g;
    });
    expect(prepared).toMatchObject({ status: 'completed', ready: 2 });
    await countsMatch({ SCREENED: 0, READY: 2, SKIPPED: 1 });
    expect((await http.post(`/api/campaigns/${id}/send`, { limit: 10 })).body).toMatchObject({ queued: 2, remainingReady: 0 });
    await countsMatch({ READY: 0, SENT: 2, SKIPPED: 1 });
    await waitFor('the email to the confirmed RU recipient', async () => relay.messages.some((m) => m.to.includes('ivan@firma.ru')));
    await waitFor('the other email', async () => relay.messages.some((m) => m.to.includes('anna@confirm-buyer.test')));
    expect(relay.messages.some((m) => m.to.includes('olga@zavod.ru'))).toBe(false);
  }, 180_000);
});
