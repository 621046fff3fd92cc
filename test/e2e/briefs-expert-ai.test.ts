import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startAiStandIn } from '../support/campaigns-ai-stand-in.js';
import { credit } from '../../shared/workspace/billing/billing.js';

// Real parts: the embedded runtime with AI_PROVIDER=openai pointed at the local OpenAI-compatible
// stand-in on 127.0.0.1 (the real OpenAiCompatible client, HTTP, breaker). Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let ai: Awaited<ReturnType<typeof startAiStandIn>>;

beforeAll(async () => {
  ai = await startAiStandIn();
  ctx = await startTenantRuntime({
    env: {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'stand-in-key',
      AI_MODEL: `brief-review-${Date.now()}`,
      AI_BREAKER_THRESHOLD: '2',
      AI_BREAKER_COOLDOWN_MS: '600000',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    },
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), ai?.stop()]);
});

const aiFinding = {
  path: 'content.icp.geographies',
  kind: 'contradiction',
  severity: 'high',
  message: 'The brief targets Germany but the copy language is ru',
  suggestion: 'Set language to de or add a Russian-speaking region.',
};

describe('briefs_expert through an OpenAI-compatible provider', () => {
  it(
    'adds valid AI findings to the rule floor; drops invalid ones; an outage or a bad answer degrades to the rules with a reason',
    { timeout: 120_000 },
    async () => {
      const { http } = ctx;
      const b = (await http.post('/api/briefs', { description: 'Route planning', content: { language: 'ru', icp: { geographies: ['Germany'] } } })).body;
      const ruleOnly = (f: any[]) => f.filter((x) => x.source === 'rules').map((x) => `${x.kind}:${x.path}`);

      ai.setBriefReviewAnswer(
        JSON.stringify({
          findings: [
            aiFinding,
            { ...aiFinding, path: 'constructor.__proto__' }, // not a brief path
            { path: 'content.offer', kind: 'missing', severity: 'high', message: 'offer is empty', suggestion: 'x' }, // the rule already says it
            { path: 'content.tone', kind: 'vibes', severity: 'high', message: 'x', suggestion: 'x' }, // not a kind
          ],
        }),
      );
      // Paid (ai_generation): with no balance the provider is not asked and the answer is the spec's 402.
      const unpaid = await http.post(`/api/briefs/${b.id}/expert`);
      expect(unpaid.status).toBe(402);
      expect(unpaid.body).toMatchObject({ statusCode: 402, error: 'insufficient_balance', operation: 'ai_generation', cost: 0.005 });
      expect(ai.calls.filter((c) => c.kind === 'brief_review').length).toBe(0);
      await credit(ctx.rt.deps, ctx.account.tenantId, 1, 'test balance', 'test');
      const aiCharges = async () =>
        ((await http.get('/api/billing/ledger?pageSize=100')).body.data as { type: string; operation: string; refId?: string; quantity: number }[]).filter(
          (e) => e.type === 'charge' && e.operation === 'ai_generation',
        );

      const ok = await http.post(`/api/briefs/${b.id}/expert`);
      expect(ok.status).toBe(200);
      expect(ok.body._billing).toMatchObject({ operation: 'ai_generation', cost: 0.005, currency: 'USD', balance_after: 0.995 });
      expect(await aiCharges()).toEqual([expect.objectContaining({ quantity: 1, refId: `brief_expert:${b.id}:r${b.revision}` })]);
      expect(ok.body).toMatchObject({ degraded: false, ai: { provider: 'openai', status: 'ok', added: 1, dropped: 3 } });
      expect(ok.body.findings.filter((f: any) => f.source === 'ai')).toEqual([{ ...aiFinding, source: 'ai' }]);
      const floor = ruleOnly(ok.body.findings);
      expect(floor).toEqual(expect.arrayContaining(['missing:content.offer', 'missing:content.icp.industries']));
      expect(ai.calls.filter((c) => c.kind === 'brief_review').length).toBe(1);

      ai.setBriefReviewAnswer('I think the brief is fine.');
      const invalid = await http.post(`/api/briefs/${b.id}/expert`);
      expect(invalid.status).toBe(200);
      expect(invalid.body).toMatchObject({ degraded: true, ai: { status: 'invalid_answer', added: 0 } });
      expect(ruleOnly(invalid.body.findings)).toEqual(floor);
      expect(invalid.body.findings.every((f: any) => f.source === 'rules')).toBe(true);
      expect(invalid.body._billing).toBeUndefined(); // an answer outside the contract is no generation: free

      ai.setFailing(true);
      const down = await http.post(`/api/briefs/${b.id}/expert`);
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ degraded: true, ai: { provider: 'openai', status: 'unavailable', reason: 'openai: HTTP 503' } });
      expect(ruleOnly(down.body.findings)).toEqual(floor);
      expect(JSON.stringify(down.body)).not.toContain('stand-in-key');
      expect(down.body._billing).toBeUndefined();

      // Second failure opens the breaker (threshold 2): the next review does not call the provider at all.
      await http.post(`/api/briefs/${b.id}/expert`);
      const before = ai.calls.length;
      const open = await http.post(`/api/briefs/${b.id}/expert`);
      expect(open.status).toBe(200);
      expect(open.body.ai).toMatchObject({ status: 'unavailable', reason: 'circuit open (openai)' });
      expect(ai.calls.length).toBe(before);
      expect(ruleOnly(open.body.findings)).toEqual(floor);
      // One charge for the one review the provider answered; the balance says the same.
      expect(await aiCharges()).toHaveLength(1);
      expect((await http.get('/api/billing/balance')).body.balance).toBeCloseTo(0.995, 6);
    },
  );
});
