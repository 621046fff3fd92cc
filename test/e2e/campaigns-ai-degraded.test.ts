import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { startAiStandIn } from '../support/campaigns-ai-stand-in.js';
import { CLEAN_COPY, contactList, setupSendingWorkspace, waitFor } from './campaigns-fixtures.js';

// Real parts: the embedded runtime with AI_PROVIDER=openai pointed at a local OpenAI-compatible
// stand-in on 127.0.0.1 (switchable to HTTP 503), the campaign conveyor, Dovecot and smtp-server. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
let ai: Awaited<ReturnType<typeof startAiStandIn>>;
const COOLDOWN_MS = 4000;

beforeAll(async () => {
  ai = await startAiStandIn();
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({
      env: {
        SVC_ALLOW_LOOPBACK_TARGETS: 'true',
        SEND_SWEEP_MS: '500',
        LOCAL_WORKFLOW_TICK_MS: '250',
        AI_PROVIDER: 'openai',
        AI_BASE_URL: ai.baseUrl,
        AI_API_KEY: 'stand-in-key',
        AI_MODEL: `stand-in-${Date.now()}`,
        AI_BREAKER_THRESHOLD: '1',
        AI_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      },
    }),
    startDovecot(),
    startSmtpRelay(),
  ]);
  await setupSendingWorkspace(ctx.rt.deps, ctx.http, ctx.account.tenantId, { dovecot, relay, mailbox: 'sales@degraded.test' });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop(), ai?.stop()]);
});

describe('AI provider outage', () => {
  it('DEGRADED while READY recipients still send; recovers by itself; retryAiFailures answers its documented reasons', async () => {
    const { http } = ctx;
    const creative = await http.post('/api/creatives', { name: 'AI', ...CLEAN_COPY });
    const c = (await http.post('/api/campaigns', { name: 'ai outage', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    const prepare = async () => {
      const g = await http.post(`/api/campaigns/${c.id}/preparations`);
      expect(g.status, JSON.stringify(g.body)).toBe(202);
      return waitFor('the preparation to end', async () => {
        const s = await http.get(`/api/campaigns/${c.id}/preparations/${g.body.generationId}`);
        return s.body.status !== 'running' && s.body;
      });
    };
    const pourScreen = async (people: { firstName: string; email: string }[]) => {
      const { listId } = await contactList(http, people);
      await http.post(`/api/campaigns/${c.id}/pour`, { listId });
      await http.post(`/api/campaigns/${c.id}/screen`);
    };
    // On a failure, the campaign log says what moved it (a pause by the send engine, a recovery ...).
    const why = async () => JSON.stringify((await http.get(`/api/campaigns/${c.id}/activity?limit=8`)).body.data);
    const sentTo = (domain: string) => relay.messages.filter((m) => m.to[0]?.endsWith(domain));

    // Healthy provider: the AI writes the copy, the tier-2 audit approves it.
    await pourScreen([1, 2, 3].map((i) => ({ firstName: `A${i}`, email: `a${i}@ai-buyer.test` })));
    expect(await prepare()).toMatchObject({ status: 'completed', ready: 3 });
    expect(ai.calls.filter((x) => x.kind === 'render' && !x.failed)).toHaveLength(3);
    expect(ai.calls.filter((x) => x.kind === 'audit' && !x.failed)).toHaveLength(3);
    expect((await http.post(`/api/campaigns/${c.id}/send`, { limit: 1 })).body.status).toBe('ACTIVE');
    await waitFor('the first email', async () => sentTo('@ai-buyer.test').length === 1);
    expect(sentTo('@ai-buyer.test')[0].subject).toBe('Quick question, A1 (AI)');

    // Outage: render halts, the campaign stays ACTIVE but DEGRADED with AI_STAGES_HALTED and a retryAt.
    ai.setFailing(true);
    await pourScreen([1, 2, 3].map((i) => ({ firstName: `B${i}`, email: `b${i}@ai-buyer.test` })));
    expect(await prepare()).toMatchObject({ status: 'failed', error: 'AI_STAGES_HALTED' });
    const degraded = (await http.get(`/api/campaigns/${c.id}`)).body;
    expect(degraded, await why()).toMatchObject({ status: 'ACTIVE', operationalState: 'DEGRADED', primaryBlocker: 'AI_STAGES_HALTED' });
    expect(Date.parse(degraded.pipeline.retryAt)).toBeGreaterThan(Date.now() - 1000);
    const op = (await http.get(`/api/campaigns/${c.id}/operational-status`)).body;
    expect(op).toMatchObject({ operationalState: 'DEGRADED', primaryBlocker: 'AI_STAGES_HALTED', ai: { state: 'open' } });
    const same = (await http.post(`/api/campaigns/${c.id}/retry-ai-failures`)).body.aiRecovery;
    expect(same).toMatchObject({ reset: 0, reason: 'same_provider', failureReasons: { ai_unavailable: 1 } });

    // READY emails keep sending while DEGRADED.
    expect((await http.post(`/api/campaigns/${c.id}/send`, { limit: 10 })).body.queued).toBe(2);
    await waitFor('the READY emails', async () => sentTo('@ai-buyer.test').length === 3);
    expect((await http.get(`/api/campaigns/${c.id}`)).body).toMatchObject({ status: 'ACTIVE', operationalState: 'DEGRADED' });

    // The provider is back: the conveyor notices after retryAt, retries the AI failure and prepares again.
    ai.setFailing(false);
    const recovered = await waitFor(
      'the campaign to recover by itself',
      async () => {
        const r = (await http.get(`/api/campaigns/${c.id}`)).body;
        return r.operationalState === 'NORMAL' && r.recipients.READY === 3 && r;
      },
      400,
    );
    expect(recovered, await why()).toMatchObject({ status: 'ACTIVE', primaryBlocker: null, recipients: { CREATIVE_FAILED: 0, SCREENED: 0 } });
    const actions = (await http.get(`/api/campaigns/${c.id}/activity?limit=100`)).body.data.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['degraded', 'ai_failures_retried', 'ai_recovered']));
    expect((await http.post(`/api/campaigns/${c.id}/retry-ai-failures`)).body.aiRecovery).toMatchObject({ reset: 0, reason: 'already_recovered' });

    // A campaign that never failed: nothing to retry.
    const fresh = (await http.post('/api/campaigns', { name: 'never failed', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    expect((await http.post(`/api/campaigns/${fresh.id}/retry-ai-failures`)).body.aiRecovery).toMatchObject({
      reset: 0,
      reason: 'nothing_to_retry',
      failureReasons: {},
    });

    // Paused campaigns are not recovered by the conveyor: retryAiFailures does it once the breaker lets calls through.
    ai.setFailing(true);
    await pourScreen([1, 2].map((i) => ({ firstName: `C${i}`, email: `c${i}@ai-buyer.test` })));
    expect(await prepare()).toMatchObject({ status: 'failed', error: 'AI_STAGES_HALTED' });
    expect((await http.post(`/api/campaigns/${c.id}/pause`)).body).toMatchObject({ status: 'PAUSED', pauseReason: 'manual' });
    ai.setFailing(false);
    await new Promise((r) => setTimeout(r, COOLDOWN_MS + 500));
    const retried = (await http.post(`/api/campaigns/${c.id}/retry-ai-failures`)).body.aiRecovery;
    expect(retried).toMatchObject({ reset: 1, reason: 'retried', failureReasons: { ai_unavailable: 1 } });
    await waitFor('the retried preparation', async () => (await http.get(`/api/campaigns/${c.id}`)).body.recipients.READY === 5);
    const resumed = (await http.post(`/api/campaigns/${c.id}/resume`)).body;
    expect(resumed, await why()).toMatchObject({ status: 'ACTIVE', operationalState: 'NORMAL', aiRecovery: { reset: 0, reason: 'already_recovered' } });
  }, 240_000);
});
