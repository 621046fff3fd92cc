import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { DOC_KEYS, DOCUMENTS } from '../../shared/workspace/legal/documents/index.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let a: Awaited<ReturnType<typeof createApprovedAccount>>;
let http: ReturnType<typeof client>;
beforeAll(async () => {
  rt = await startTestRuntime();
  a = await createApprovedAccount(rt.deps);
  http = client(rt.url, { key: a.apiKey });
});
afterAll(() => rt?.stop());

describe('legal documents', () => {
  it('lists the seven documents by key, in the spec order, without bodies', async () => {
    const r = await http.get('/api/legal/documents');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { key: string }) => d.key)).toEqual(['terms', 'aup', 'privacy', 'dpa', 'mode2', 'campaign_guarantee', 'security']);
    for (const d of r.body.data) {
      expect(d).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), path: `/api/legal/documents/${d.key}` });
      expect(d.body).toBeUndefined();
    }
  });

  it('gets each document with a real Markdown body; unknown key is 404', async () => {
    for (const key of DOC_KEYS) {
      const r = await http.get(`/api/legal/documents/${key}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ key, version: DOCUMENTS[key].version, format: 'markdown' });
      expect(r.body.body.length).toBeGreaterThan(400);
      expect(r.body.body.startsWith('# ')).toBe(true);
    }
    const unknown = await http.get('/api/legal/documents/cookies');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, message: 'Document not found' });
  });
});

describe('acceptances', () => {
  it('records an acceptance of the current version (201) and lists it newest first', async () => {
    const r1 = await http.post('/api/legal/acceptances', { docKey: 'terms', context: 'workspace' });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ docKey: 'terms', version: DOCUMENTS.terms.version, context: 'workspace', refId: null });
    const r2 = await http.post('/api/legal/acceptances', { docKey: 'campaign_guarantee', context: 'campaign', refId: 'cmp_123' });
    expect(r2.body).toMatchObject({ docKey: 'campaign_guarantee', context: 'campaign', refId: 'cmp_123' });
    const list = await http.get('/api/legal/acceptances');
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([r2.body.id, r1.body.id]);
    expect(list.body.data[0]).toMatchObject({ accountId: a.accountId, acceptedAt: r2.body.acceptedAt });
    const filtered = await http.get('/api/legal/acceptances?docKey=terms');
    expect(filtered.body.data.map((x: { id: string }) => x.id)).toEqual([r1.body.id]);
    const page = await http.get('/api/legal/acceptances?pageSize=1');
    expect(page.body.data).toHaveLength(1);
    const next = await http.get(`/api/legal/acceptances?pageSize=1&cursor=${page.body.nextCursor}`);
    expect(next.body.data[0].id).toBe(r1.body.id);
  });

  it('refuses bad bodies: unknown docKey 404, extra property and bad context 400', async () => {
    const unknown = await http.post('/api/legal/acceptances', { docKey: 'cookies', context: 'workspace' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Document not found');
    const extra = await http.post('/api/legal/acceptances', { docKey: 'terms', context: 'workspace', refId: 'x', signature: 'y' });
    expect(extra.body).toEqual({ statusCode: 400, message: ['property signature should not exist'], error: 'Bad Request' });
    expect((await http.post('/api/legal/acceptances', { docKey: 'terms', context: 'Not A Word' })).status).toBe(400);
    expect((await http.post('/api/legal/acceptances', { context: 'workspace' })).status).toBe(400);
    expect((await http.post('/api/legal/acceptances', 'not json')).status).toBe(400);
  });

  it('acceptances are per tenant: another tenant sees none of them, and foreign cursors are refused', async () => {
    const b = await createApprovedAccount(rt.deps);
    const other = client(rt.url, { key: b.apiKey });
    expect((await other.get('/api/legal/acceptances')).body).toEqual({ data: [], nextCursor: null });
    const mine = await http.get('/api/legal/acceptances?pageSize=1');
    expect((await other.get(`/api/legal/acceptances?cursor=${mine.body.nextCursor}`)).status).toBe(400);
  });
});
