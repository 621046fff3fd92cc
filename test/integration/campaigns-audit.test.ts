import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEmail } from '../../shared/mailing/campaigns/audit.js';
import { BuiltinAi } from '../../shared/platform/ai/builtin.js';
import { OpenAiCompatible } from '../../shared/platform/ai/openai.js';
import { AiUnavailable } from '../../shared/platform/ports/ai.js';
import { startAiStandIn } from '../support/campaigns-ai-stand-in.js';

// The mandatory audit against the builtin provider and a real OpenAI-compatible client talking to the
// local stand-in on 127.0.0.1 (tier 2). Nothing mocked.
let ai: Awaited<ReturnType<typeof startAiStandIn>>;
beforeAll(async () => {
  ai = await startAiStandIn();
});
afterAll(() => ai?.stop());

const CLEAN = { subject: 'Quick question, Ann', html: '<p>Hello Ann,</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>' };
const SPAM = {
  subject: 'FREE MONEY!!! Act now',
  html: '<p>100% FREE! Click here to claim your prize, act now, guaranteed winner! <a href="https://bit.ly/x">x</a></p>',
};

describe('campaign audit', () => {
  it('tier 1 (content rules): clean copy passes without the footer parts the send engine adds; spam fails with its rule names', async () => {
    const builtin = new BuiltinAi();
    expect(await auditEmail(CLEAN, builtin)).toMatchObject({ passed: true, auditCategories: [] });
    const spam = await auditEmail(SPAM, builtin);
    expect(spam.passed).toBe(false);
    expect(spam.auditCategories).toEqual(expect.arrayContaining(['trigger_phrases_en', 'url_shortener']));
    expect(spam.auditCategories).not.toContain('missing_unsubscribe');
  });

  it('tier 2 (a real provider) reviews what tier 1 passed; its verdict and categories count; an outage propagates', async () => {
    const provider = new OpenAiCompatible(ai.baseUrl, 'k', 'stand-in');
    expect(await auditEmail(CLEAN, provider)).toMatchObject({ passed: true });
    ai.setAuditVerdict({ approved: false, categories: ['deceptive_claim'] });
    expect(await auditEmail(CLEAN, provider)).toMatchObject({ passed: false, auditCategories: ['ai_deceptive_claim'] });
    const callsBefore = ai.calls.length;
    expect((await auditEmail(SPAM, provider)).passed).toBe(false); // tier 1 failed: no AI call
    expect(ai.calls.length).toBe(callsBefore);
    ai.setFailing(true);
    await expect(auditEmail(CLEAN, provider)).rejects.toBeInstanceOf(AiUnavailable);
  });
});
