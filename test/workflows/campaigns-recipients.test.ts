// statemachines/campaign-recipients.asl.json run by aws-local-stepfunctions (the file CDK deploys).
// The machine's contract: Prepare loops while a step answers `more`, then Finish gets the outcome
// (done, or the halt reason); a step that keeps failing ends in Finish with `step_failed`.
import { afterAll, describe, expect, it } from 'vitest';
import { LocalWorkflows, substitute } from '../../shared/platform/adapters/workflows/local-workflows.js';
import { LOCAL_CAMPAIGN_STEP_ARN, readCampaignRecipientsAsl } from '../../shared/mailing/campaigns/machine.js';
import { systemClock } from '../../shared/platform/runtime/clock.js';

const wf = new LocalWorkflows(systemClock, { tickMs: 50 });
afterAll(() => wf.stop());

function machine(name: string, answers: (n: number) => unknown, screens = 1) {
  const calls: Record<string, unknown>[] = [];
  let prepares = 0;
  let screened = 0;
  wf.register(name, {
    definition: substitute(readCampaignRecipientsAsl(), { CampaignStepArn: LOCAL_CAMPAIGN_STEP_ARN }),
    task: async (payload) => {
      calls.push(payload);
      if (payload.action === 'finish') return { state: 'done', outcome: 'done' };
      if (payload.action === 'screen') return ++screened < screens ? { state: 'more', outcome: 'more' } : { state: 'done', outcome: 'done' };
      const a = answers(++prepares);
      if (a instanceof Error) throw a;
      return a;
    },
  });
  return calls;
}

const input = { tenantId: 't1', campaignId: 'c1', generationId: 'g1', stage: 'prepare' };

describe('campaign-recipients ASL', () => {
  it('screens NEW pages, then loops prepare batches on `more` (one execution for all of them), and finishes with `done`', async () => {
    const calls = machine('m-done', (n) => (n < 4 ? { state: 'more', outcome: 'more' } : { state: 'done', outcome: 'done' }), 2);
    await wf.execute('m-done', 'x1', input);
    expect(calls.map((c) => c.action)).toEqual(['screen', 'screen', 'prepare', 'prepare', 'prepare', 'prepare', 'finish']);
    expect(calls.at(-1)).toMatchObject({ action: 'finish', outcome: 'done', tenantId: 't1', campaignId: 'c1', generationId: 'g1' });
  });

  it('a halt (AI outage) ends the run with its reason', async () => {
    const calls = machine('m-halt', (n) => (n < 2 ? { state: 'more', outcome: 'more' } : { state: 'halted', outcome: 'AI_STAGES_HALTED' }));
    await wf.execute('m-halt', 'x2', input);
    expect(calls.at(-1)).toMatchObject({ action: 'finish', outcome: 'AI_STAGES_HALTED' });
    expect(calls.filter((c) => c.action === 'prepare')).toHaveLength(2);
  });

  it('a step that keeps throwing is retried, then the run finishes as step_failed', async () => {
    const calls = machine('m-fail', () => new Error('boom'));
    await wf.execute('m-fail', 'x3', input);
    expect(calls.filter((c) => c.action === 'prepare')).toHaveLength(4); // first try + 3 retries
    expect(calls.at(-1)).toMatchObject({ action: 'finish', outcome: 'step_failed' });
  });
});
