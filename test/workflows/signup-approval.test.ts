// statemachines/signup-approval.asl.json run locally by aws-local-stepfunctions (the same file CDK
// deploys), task states mapped to the real task code, against DynamoDB Local. The clock is the
// runtime's movable clock: Task timeouts (24 h / 7 d) fire when it passes them.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { createLocalWorkflows, startLocalWorkflowService } from '../../infra/local/background.js';
import type { LocalWorkflows } from '../../shared/platform/adapters/workflows/local-workflows.js';
import { LocalOutboxMailer } from '../../shared/platform/adapters/mail/local-outbox.js';
import { acceptTerms, confirmEmail } from '../../shared/workspace/accounts/links.js';
import { approveRegistration, rejectRegistration } from '../../shared/workspace/accounts/lifecycle.js';
import { SIGNUP_APPROVAL_ASL } from '../../shared/workspace/accounts/signup-approval-machine.js';
import { sweepExpiredRegistrations } from '../../shared/workspace/accounts/sweep.js';
import { signup } from '../../shared/workspace/identity/signup.js';
import type { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { Account, AccountEmail } from '../../shared/workspace/identity/entities.js';

process.env.LIMIT_SIGNUP_PER_IP_HOUR = 'off';
process.env.LIMIT_SIGNUP_GLOBAL_HOUR = 'off';

const HOUR = 3_600_000;
let deps: Deps;
let wf: LocalWorkflows;
let clock: AdjustableClock;

beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), { TABLE_PREFIX: `w${randomBytes(4).toString('hex')}-`, LOG_LEVEL: 'silent' });
  clock = deps.clock as AdjustableClock;
  wf = createLocalWorkflows(deps, { tickMs: 50 });
  deps.workflows = wf;
});
afterAll(() => wf?.stop());

let n = 0;
async function register() {
  const email = `wf${++n}-${randomBytes(3).toString('hex')}@example.com`;
  await signup(deps, { email, full_account: true, password: 'a-long-pass-phrase', firstName: 'Wf' }, '127.0.0.1');
  const marker = await deps.platform.get<{ accountId: string }>(AccountEmail.key({ email }));
  return { email, accountId: marker!.accountId };
}
const token = async (email: string, kind: 'confirm' | 'acceptTerms') => {
  const mails = await new LocalOutboxMailer(deps.platform, deps.clock).list(500);
  const link = mails.find((m) => m.to === email && (m.links as Record<string, string>)[kind]);
  return new URL((link!.links as Record<string, string>)[kind]).searchParams.get('token')!;
};
/** Waits (bounded) until the execution of an account awaits `state`. */
const awaiting = async (accountId: string, state: string) => {
  for (let i = 0; i < 100; i++) {
    if (wf.pendingTokens.some((t) => t.startsWith(`local:${accountId}`) && t.includes(`:${state}:`))) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`${accountId} never awaited ${state}; pending: ${wf.pendingTokens.join(', ')}`);
};
const account = (id: string) => deps.platform.get<Record<string, unknown>>(Account.key({ accountId: id }));
const result = (accountId: string) => wf.resultOf(accountId)!;

/** The result, or a marker when the execution is still waiting after `ms` (for its 7-day timeout). */
const resultWithin = (accountId: string, ms: number) =>
  Promise.race([result(accountId), new Promise((r) => setTimeout(() => r('still waiting for the 7-day timeout'), ms))]);

/**
 * A registration awaiting approval whose stored token is still the previous step's, and a platform
 * table on which the approval step stores its own token right before the first `method` call of the
 * admin's action (on the account item for updates): the race of an admin acting while the workflow
 * enters its approval step.
 */
async function approvalStepRacingItsToken(method: 'transact' | 'update') {
  const { email, accountId } = await register();
  await confirmEmail(deps, await token(email, 'confirm'));
  await acceptTerms(deps, await token(email, 'acceptTerms'));
  await awaiting(accountId, 'AwaitAdminApproval');
  let stored: Record<string, unknown> | undefined;
  for (let i = 0; i < 100 && stored?.workflowTokenState !== 'awaiting_admin_approval'; i++) {
    stored = await account(accountId);
    await new Promise((r) => setTimeout(r, 30));
  }
  expect(stored?.workflowTokenState).toBe('awaiting_admin_approval');
  const key = Account.key({ accountId });
  await deps.platform.update(key, { set: { workflowToken: 'local:previous-step', workflowTokenState: 'awaiting_agreement' } });
  let raced = false;
  const racingPlatform = new Proxy(deps.platform, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== method) return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        const onAccount = method === 'transact' || ((args[0] as typeof key).pk === key.pk && (args[0] as typeof key).sk === key.sk);
        if (!raced && onAccount) {
          raced = true;
          await target.update(key, { set: { workflowToken: stored!.workflowToken, workflowTokenState: 'awaiting_admin_approval' } });
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { accountId, racingPlatform, raced: () => raced };
}

describe('signup-approval.asl.json', () => {
  it('is JSONPath only (no JSONata, no Assign) and every state is reachable', () => {
    const asl = JSON.parse(readFileSync(SIGNUP_APPROVAL_ASL, 'utf8'));
    expect(asl.QueryLanguage).toBeUndefined();
    const text = JSON.stringify(asl);
    expect(text).not.toMatch(/"Assign"|\{%/);
    const targets = new Set<string>([asl.StartAt]);
    for (const s of Object.values<any>(asl.States)) {
      if (s.Next) targets.add(s.Next);
      if (s.Default) targets.add(s.Default);
      for (const c of [...(s.Choices ?? []), ...(s.Catch ?? [])]) targets.add(c.Next);
    }
    expect([...targets].sort()).toEqual(Object.keys(asl.States).sort());
    expect(asl.States.AwaitEmailConfirm.TimeoutSeconds).toBe(86_400);
    expect(asl.States.AwaitAgreement.TimeoutSeconds).toBe(86_400);
    expect(asl.States.AwaitAdminApproval.TimeoutSeconds).toBe(7 * 86_400);
  });

  it('awaiting_email_confirm → awaiting_agreement → awaiting_admin_approval → approved (Approved)', async () => {
    const { email, accountId } = await register();
    await awaiting(accountId, 'AwaitEmailConfirm');
    await confirmEmail(deps, await token(email, 'confirm'));
    await awaiting(accountId, 'AwaitAgreement');
    await acceptTerms(deps, await token(email, 'acceptTerms'));
    await awaiting(accountId, 'AwaitAdminApproval');
    expect(await account(accountId)).toMatchObject({ registrationState: 'awaiting_admin_approval', workflowTokenState: 'awaiting_admin_approval' });
    await approveRegistration(deps, accountId, 'test');
    await expect(result(accountId)).resolves.toEqual({ accountId, state: 'approved' });
    expect(await account(accountId)).toMatchObject({ registrationState: 'approved', scope: 'approved', status: 'ACTIVE' });
  });

  it('awaiting_admin_approval → admin rejects (Rejected): registration deleted', async () => {
    const { email, accountId } = await register();
    await confirmEmail(deps, await token(email, 'confirm'));
    await acceptTerms(deps, await token(email, 'acceptTerms'));
    await awaiting(accountId, 'AwaitAdminApproval');
    await rejectRegistration(deps, accountId, 'test');
    await expect(result(accountId)).resolves.toEqual({ accountId, state: 'rejected' });
    expect(await account(accountId)).toBeUndefined();
  });

  it('a reject that read the registration before the approval step stored its token still ends the workflow', async () => {
    const { accountId, racingPlatform, raced } = await approvalStepRacingItsToken('transact');
    await rejectRegistration({ ...deps, platform: racingPlatform }, accountId, 'test');
    expect(raced()).toBe(true);
    await expect(resultWithin(accountId, 5000)).resolves.toEqual({ accountId, state: 'rejected' });
    expect(await account(accountId)).toBeUndefined();
  });

  it('an approve that read the registration before the approval step stored its token still ends the workflow', async () => {
    const { accountId, racingPlatform, raced } = await approvalStepRacingItsToken('update');
    await approveRegistration({ ...deps, platform: racingPlatform }, accountId, 'test');
    expect(raced()).toBe(true);
    await expect(resultWithin(accountId, 5000)).resolves.toEqual({ accountId, state: 'approved' });
    expect(await account(accountId)).not.toHaveProperty('workflowToken');
  });

  it('awaiting_email_confirm: the 24 h timeout fires on the movable clock and deletes it', async () => {
    const { accountId } = await register();
    await awaiting(accountId, 'AwaitEmailConfirm');
    clock.advance(24 * HOUR + 1000);
    await expect(result(accountId)).resolves.toEqual({ accountId, state: 'deleted' });
    expect(await account(accountId)).toBeUndefined();
  });

  it('awaiting_agreement: the 24 h timeout deletes it', async () => {
    const { email, accountId } = await register();
    await confirmEmail(deps, await token(email, 'confirm'));
    await awaiting(accountId, 'AwaitAgreement');
    clock.advance(24 * HOUR + 1000);
    await expect(result(accountId)).resolves.toEqual({ accountId, state: 'deleted' });
  });

  it('awaiting_admin_approval: kept after 24 h, deleted after 7 days', async () => {
    const { email, accountId } = await register();
    await confirmEmail(deps, await token(email, 'confirm'));
    await acceptTerms(deps, await token(email, 'acceptTerms'));
    await awaiting(accountId, 'AwaitAdminApproval');
    clock.advance(6 * 24 * HOUR);
    await new Promise((r) => setTimeout(r, 200));
    await awaiting(accountId, 'AwaitAdminApproval');
    expect((await account(accountId))?.registrationState).toBe('awaiting_admin_approval');
    clock.advance(24 * HOUR + 1000);
    await expect(result(accountId)).resolves.toEqual({ accountId, state: 'deleted' });
    expect(await account(accountId)).toBeUndefined();
  });

  it('restarts from the stored status, and a step whose state already moved completes itself', async () => {
    const { email, accountId } = await register();
    await confirmEmail(deps, await token(email, 'confirm'));
    // An execution started with a stale state: the await task sees the registration moved on.
    void wf.start('signup-approval', `${accountId}-restart`, { accountId, state: 'awaiting_email_confirm' });
    for (let i = 0; i < 100 && wf.pendingTokens.filter((t) => t.startsWith(`local:${accountId}-restart:AwaitAgreement`)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 30));
    expect(wf.pendingTokens.some((t) => t.startsWith(`local:${accountId}-restart:AwaitAgreement`))).toBe(true);
  });

  it('a restarted runtime resumes the workflow of every pending registration from its stored status', async () => {
    const { email, accountId } = await register();
    await confirmEmail(deps, await token(email, 'confirm'));
    // A second process over the same tables (as after a restart): its service restarts executions.
    const restarted: Deps = { ...deps, workflows: undefined };
    const service = await startLocalWorkflowService(restarted);
    try {
      const runner = restarted.workflows as LocalWorkflows;
      for (let i = 0; i < 100 && !runner.pendingTokens.some((t) => t.startsWith(`local:${accountId}`) && t.includes(':AwaitAgreement:')); i++)
        await new Promise((r) => setTimeout(r, 30));
      expect(runner.pendingTokens.some((t) => t.startsWith(`local:${accountId}`) && t.includes(':AwaitAgreement:'))).toBe(true);
    } finally {
      await service.stop();
    }
  });

  it('the expiry sweep deletes past-deadline registrations without any workflow (the backstop)', async () => {
    const saved = deps.workflows;
    deps.workflows = undefined;
    try {
      const old = await register();
      clock.advance(12 * HOUR);
      const fresh = await register();
      clock.advance(12 * HOUR + 1000);
      const out = await sweepExpiredRegistrations(deps);
      expect(out.deleted).toBeGreaterThanOrEqual(1);
      expect(await account(old.accountId)).toBeUndefined();
      expect((await account(fresh.accountId))?.registrationState).toBe('awaiting_email_confirm');
    } finally {
      deps.workflows = saved;
    }
  });
});
