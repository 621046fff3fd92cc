import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';

let env: Awaited<ReturnType<typeof startTenantRuntime>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  env = await startTenantRuntime();
  api = env.http;
});
afterAll(async () => env?.rt.stop());

describe('briefs', () => {
  it('intake, schemas, merge patches validated (400 with paths), locks (409), revisions', { timeout: 180_000 }, async () => {
    const schemas = await api.get('/api/briefs/schemas');
    expect(schemas.status).toBe(200);
    expect(schemas.body.content.properties.icp.properties.nonTargetRoles.properties).toHaveProperty('emailPrefixes');
    expect(schemas.body.memoryKinds).toEqual(['DECISION', 'OBSERVATION', 'QUESTION', 'REJECTED', 'NOISE']);

    const list = await api.post('/api/company-lists', { name: 'Targets', type: 'STATIC' });
    expect((await api.post('/api/briefs', { description: 'x', targetCompanyListId: 'nope' })).status).toBe(404);
    const created = await api.post('/api/briefs', {
      description: 'Route planning for mid-size retailers',
      targetCompanyListId: list.body.id,
      locks: ['/content/icp/nonTargetRoles'],
    });
    expect(created.status).toBe(201);
    const b = created.body;
    expect(b).toMatchObject({
      name: 'Route planning for mid-size retailers',
      revision: 1,
      targetCompanyListId: list.body.id,
      content: { product: { description: 'Route planning for mid-size retailers' } },
    });
    expect(b.content.icp.nonTargetRoles.emailPrefixes).toContain('buh');

    const ok = await api.patch(`/api/briefs/${b.id}/content`, {
      patch: { offer: 'A 20-minute route audit', icp: { industries: ['retail'], targetRoles: ['COO', 'hr'] } },
      reason: 'first pass',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ revision: 2, content: { offer: 'A 20-minute route audit', icp: { industries: ['retail'] } } });
    expect(ok.body.content.icp.nonTargetRoles.roles).toContain('accounting');

    const bad = await api.patch(`/api/briefs/${b.id}/content`, { patch: { offer: 42, icp: { industries: 'retail', colour: 'red' }, language: 'English' } });
    expect(bad.status).toBe(400);
    expect(bad.body.paths).toEqual(expect.arrayContaining(['content.offer', 'content.icp.industries', 'content.icp', 'content.language']));
    expect(bad.body.message.some((m: string) => m.startsWith('content.offer: '))).toBe(true);

    const locked = await api.patch(`/api/briefs/${b.id}/content`, { patch: { icp: { nonTargetRoles: { roles: ['legal'] } } } });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'brief_locked', lock: '/content/icp/nonTargetRoles' });
    expect((await api.patch(`/api/briefs/${b.id}/content`, { patch: { icp: null } })).body.lock).toBe('/content/icp/nonTargetRoles');

    const vars = await api.patch(`/api/briefs/${b.id}/variables`, { patch: { discount: 15, city: 'Berlin' } });
    expect(vars.body).toMatchObject({ revision: 3, variables: { discount: 15, city: 'Berlin' } });
    expect((await api.patch(`/api/briefs/${b.id}/variables`, { patch: { 'Bad Name': 1, nested: { a: 1 } } })).status).toBe(400);
    expect((await api.patch(`/api/briefs/${b.id}/variables`, { patch: { city: null } })).body.variables).toEqual({ discount: 15 });
    expect((await api.patch(`/api/briefs/${b.id}/content`, { patch: {}, extra: 1 })).body.message).toEqual(['property extra should not exist']);

    const locks = await api.put(`/api/briefs/${b.id}/locks`, { locks: ['/variables/discount'] });
    expect(locks.body.locks).toEqual(['/variables/discount']);
    expect((await api.patch(`/api/briefs/${b.id}/variables`, { patch: { discount: 20 } })).status).toBe(409);
    expect((await api.patch(`/api/briefs/${b.id}/content`, { patch: { icp: { nonTargetRoles: { roles: ['legal'] } } } })).status).toBe(200);

    const revs = await api.get(`/api/briefs/${b.id}/revisions`);
    expect(revs.body.data.map((r: any) => r.change)).toEqual(['content', 'locks', 'variables', 'variables', 'content', 'created']);
    expect(revs.body.data.find((r: any) => r.revision === 2)).toMatchObject({ reason: 'first pass', patch: { offer: 'A 20-minute route audit' } });
  });

  it('memory: why required for DECISION and REJECTED; expert findings; tenancy', { timeout: 180_000 }, async () => {
    const b = (
      await api.post('/api/briefs', {
        description: 'Short',
        content: { icp: { targetRoles: ['Legal'], industries: ['retail'], excludedIndustries: ['Retail'] } },
      })
    ).body;
    const noWhy = await api.post(`/api/briefs/${b.id}/memory`, { kind: 'DECISION', text: 'Lead with the audit' });
    expect(noWhy.status).toBe(400);
    expect(noWhy.body.message).toEqual(['why should not be empty for DECISION']);
    expect((await api.post(`/api/briefs/${b.id}/memory`, { kind: 'REJECTED', text: 'Discount angle' })).status).toBe(400);
    expect((await api.post(`/api/briefs/${b.id}/memory`, { kind: 'DECISION', text: 'Lead with the audit', why: 'Pilot calls converted best' })).status).toBe(
      201,
    );
    expect((await api.post(`/api/briefs/${b.id}/memory`, { kind: 'QUESTION', text: 'Which regions first?', path: 'content.icp.geographies' })).status).toBe(
      201,
    );
    expect((await api.post(`/api/briefs/${b.id}/memory`, { kind: 'NOISE', text: 'Bounce spike was a bad list' })).status).toBe(201);
    const got = await api.get(`/api/briefs/${b.id}`);
    expect(got.body.memory.map((m: any) => m.kind).sort()).toEqual(['DECISION', 'NOISE', 'QUESTION']);

    const review = await api.post(`/api/briefs/${b.id}/expert`);
    expect(review.status).toBe(200);
    expect(review.body.ready).toBe(false);
    const kinds = review.body.findings.map((f: any) => `${f.kind}:${f.path}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'missing:content.offer',
        'contradiction:content.icp.nonTargetRoles.roles',
        'contradiction:content.icp.excludedIndustries',
        'open_question:content.icp.geographies',
      ]),
    );
    // The builtin AI provider (the default) reviews too: its finding is tagged ai, the rule floor stays.
    expect(review.body).toMatchObject({ degraded: false, ai: { provider: 'builtin', status: 'ok' } });
    expect(review.body.ai.added).toBeGreaterThan(0);
    expect(review.body.findings.filter((f: any) => f.source === 'ai')).toContainEqual(
      expect.objectContaining({ kind: 'contradiction', path: 'content.icp.nonTargetRoles.emailPrefixes', severity: 'high' }),
    );
    expect(review.body.findings.find((f: any) => f.path === 'content.offer' && f.kind === 'missing').source).toBe('rules');

    const other = await otherTenantClient(env.rt);
    expect((await other.get(`/api/briefs/${b.id}`)).status).toBe(404);
    expect((await other.post(`/api/briefs/${b.id}/expert`)).status).toBe(404);
    expect((await other.patch(`/api/briefs/${b.id}/content`, { patch: { offer: 'x' } })).status).toBe(404);
    expect((await other.post(`/api/briefs/${b.id}/memory`, { kind: 'OBSERVATION', text: 'x' })).status).toBe(404);
    expect((await other.get(`/api/briefs/${b.id}/revisions`)).status).toBe(404);
    expect((await api.get('/api/briefs')).body.data.length).toBe(2);
    const cr = await api.post('/api/creatives', { name: 'From brief', subject: 'Hi', bodyHtml: '<p>x</p>', briefId: b.id });
    expect(cr.body.briefId).toBe(b.id);
    expect((await other.post('/api/creatives', { name: 'x', subject: 'Hi', bodyHtml: 'x', briefId: b.id })).status).toBe(404);
  });
});
