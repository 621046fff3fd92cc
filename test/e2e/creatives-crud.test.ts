import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount, otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { Membership } from '../../shared/workspace/tenancy/entities.js';

let env: Awaited<ReturnType<typeof startTenantRuntime>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  env = await startTenantRuntime();
  api = env.http;
});
afterAll(async () => env?.rt.stop());

const email = { name: 'Intro', subject: '{Hi|Hello} {{firstName}}', bodyHtml: '<p>Dear {{firstName}} of {{company.name}}, {{cf.segment|friend}}</p>' };

describe('creatives', () => {
  it('creates, gets, lists, updates (contentVersion) and deletes; bad templates are 400 with the position', { timeout: 180_000 }, async () => {
    const created = await api.post('/api/creatives', email);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'EMAIL', moderationStatus: null, contentVersion: 1, variables: ['firstName', 'company.name', 'cf.segment'] });
    const id = created.body.id;
    expect((await api.get(`/api/creatives/${id}`)).body).toMatchObject({ id, name: 'Intro' });
    expect((await api.get('/api/creatives')).body.data.map((c: any) => c.id)).toContain(id);
    const renamed = await api.patch(`/api/creatives/${id}`, { name: 'Intro 2' });
    expect(renamed.body).toMatchObject({ name: 'Intro 2', contentVersion: 1 });
    const edited = await api.patch(`/api/creatives/${id}`, { bodyHtml: '<p>Hi {{firstName}}</p>' });
    expect(edited.body).toMatchObject({ contentVersion: 2, variables: ['firstName'] });
    expect((await api.get(`/api/creatives/${id}`)).body.contentVersion).toBe(2);

    const bad = await api.post('/api/creatives', { ...email, bodyHtml: '<p>{Hi|Hello</p>' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['bodyHtml: unbalanced "{" at 3']);
    expect((await api.patch(`/api/creatives/${id}`, { subject: 'x}' })).body.message).toEqual(['subject: unbalanced "}" at 1']);
    expect((await api.post('/api/creatives', { ...email, to: 'x' })).body.message).toEqual(['property to should not exist']);
    expect((await api.post('/api/creatives', { ...email, briefId: 'nope' })).status).toBe(404);

    const check = await api.post('/api/content-analyzer/check', { creativeId: id });
    expect(check.status).toBe(200);
    expect(check.body.hits.map((h: any) => h.rule)).toContain('missing_unsubscribe');
    expect(check.body.spamAssassin).toBeNull();
    expect(check.body.spamAssassinSkipped).toMatchObject({ reason: 'spamd_off' });
    expect((await api.post('/api/content-analyzer/check', { subject: 'Hi', bodyHtml: '{x' })).body.message).toEqual(['bodyHtml: unbalanced "{" at 0']);
    expect((await api.post('/api/content-analyzer/check', {})).status).toBe(400);
    expect((await api.get(`/api/creatives/${id}/variables`)).body).toEqual({ creativeId: id, variables: ['firstName'], unknown: [] });
    expect((await api.delete(`/api/creatives/${id}`)).status).toBe(200);
    expect((await api.get(`/api/creatives/${id}`)).status).toBe(404);
    expect((await api.delete(`/api/creatives/${id}`)).status).toBe(404);
  });

  it('previews with a real contact: unresolvedTokens [] when resolved, the missing name otherwise', { timeout: 180_000 }, async () => {
    expect((await api.post('/api/contacts/custom-fields', { slug: 'segment', label: 'Segment', fieldType: 'text' })).status).toBe(201);
    const co = await api.post('/api/companies', { name: 'Acme & Co', city: 'Berlin' });
    const full = await api.post('/api/contacts', { firstName: 'Anna', email: 'anna@acme.example', companyId: co.body.id, customFields: { segment: 'retail' } });
    const bare = await api.post('/api/contacts', { email: 'bare@acme.example', companyId: co.body.id });
    const c = (await api.post('/api/creatives', email)).body;
    const ok = await api.get(`/api/creatives/${c.id}/preview?contactId=${full.body.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.unresolvedTokens).toEqual([]);
    expect(ok.body.subject).toMatch(/^(Hi|Hello) Anna$/);
    expect(ok.body.html).toBe('<p>Dear Anna of Acme &amp; Co, retail</p>');
    expect(ok.body.text).toContain('Dear Anna of Acme & Co, retail');
    expect((await api.get(`/api/creatives/${c.id}/preview?contactId=${full.body.id}`)).body).toEqual(ok.body);
    const missing = await api.get(`/api/creatives/${c.id}/preview?contactId=${bare.body.id}`);
    expect(missing.body.unresolvedTokens).toEqual(['firstName']);
    expect(missing.body.html).toBe('<p>Dear  of Acme &amp; Co, friend</p>');
    expect((await api.get(`/api/creatives/${c.id}/preview?contactId=nope`)).status).toBe(404);

    const vars = await api.get('/api/creatives/variables');
    expect(vars.status).toBe(200);
    const byName = Object.fromEntries(vars.body.data.map((v: any) => [v.name, v]));
    expect(byName.firstName.example).toBe('Anna');
    expect(byName['company.name'].example).toBe('Acme & Co');
    expect(byName['cf.segment']).toMatchObject({ source: 'custom_field', example: 'retail', label: 'Segment' });
  });

  it('channel moderation follows the state table; a MEMBER gets 403; other tenants get 404', { timeout: 180_000 }, async () => {
    const ch = (await api.post('/api/creatives', { name: 'TG', type: 'TELEGRAM', bodyHtml: 'Hi {{firstName|there}}' })).body;
    expect(ch.moderationStatus).toBe('PENDING');
    const guest = await createApprovedAccount(env.rt.deps);
    // Membership written directly (the members API is another domain's; this test is about the role check).
    const { tenantId } = env.account;
    await env.rt.deps.platform.put(
      Membership.item({ userId: guest.userId, tenantId }, { userId: guest.userId, tenantId, role: 'MEMBER', createdAt: new Date().toISOString() }),
    );
    const member = client(env.rt.url, { key: guest.apiKey, headers: { 'x-tenant-id': env.account.tenantId } });
    expect((await member.get(`/api/creatives/${ch.id}`)).status).toBe(200);
    const denied = await member.post(`/api/creatives/${ch.id}/moderate`, { action: 'approve' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'insufficient_role', requiredRole: 'ADMIN' });

    const approved = await api.post(`/api/creatives/${ch.id}/moderate`, { action: 'approve' });
    expect(approved.body.moderationStatus).toBe('APPROVED');
    expect((await api.post(`/api/creatives/${ch.id}/moderate`, { action: 'approve' })).body.moderationStatus).toBe('APPROVED');
    expect((await api.post(`/api/creatives/${ch.id}/moderate`, { action: 'reject' })).status).toBe(409);
    expect((await api.patch(`/api/creatives/${ch.id}`, { name: 'renamed' })).body.moderationStatus).toBe('APPROVED');
    expect((await api.patch(`/api/creatives/${ch.id}`, { bodyHtml: 'Hello {{firstName|there}}' })).body.moderationStatus).toBe('PENDING');
    expect((await api.post(`/api/creatives/${ch.id}/moderate`, { action: 'reject', reason: 'tone' })).body.moderationStatus).toBe('REJECTED');
    const mail = (await api.post('/api/creatives', email)).body;
    expect((await api.post(`/api/creatives/${mail.id}/moderate`, { action: 'approve' })).body.code).toBe('not_a_channel_creative');

    const other = await otherTenantClient(env.rt);
    for (const path of [`/api/creatives/${ch.id}`, `/api/creatives/${ch.id}/preview`, `/api/creatives/${ch.id}/variables`])
      expect((await other.get(path)).status).toBe(404);
    expect((await other.patch(`/api/creatives/${ch.id}`, { name: 'x' })).status).toBe(404);
    expect((await other.post(`/api/creatives/${ch.id}/moderate`, { action: 'approve' })).status).toBe(404);
    expect((await other.delete(`/api/creatives/${ch.id}`)).status).toBe(404);
    expect((await other.post('/api/content-analyzer/check', { creativeId: ch.id })).status).toBe(404);
  });
});
