import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { MAX_DELAY_MS } from '../../shared/platform/security/login-throttle.js';
import { PASSWORD, registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';

/**
 * Issue 16 fault 8: 60 wrong passwords for one account, each from another client address, used to all
 * answer 401 and the right one then logged in. Now the account's own counter slows them down (429
 * whatever the password), mails the owner, and never locks the owner out: once the delay has passed
 * the right password works. The clock is frozen so that no delay runs out mid-loop.
 */
let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let email: string;

beforeAll(async () => {
  env = await startAccountsRuntime();
  email = uniqueEmail('good.test');
  expect((await registerAccount(env, email)).res.status).toBeLessThan(300);
});
afterAll(() => env?.stop());

const login = (password: string, i: number) => env.http.post('/api/auth/login', { email, password }, { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` });

describe('per-account login throttle', () => {
  it('slows a distributed guessing run down, tells the owner, and lets the owner in after the delay', async () => {
    (env.rt.deps.clock as AdjustableClock).freeze();
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await login('Wrong-Password-123', i)).status);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    // Inside the delay even the right password is refused: the guesser learns nothing from it.
    const early = await login(PASSWORD, 100);
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await env.http.post('/_local/clock', { advanceMs: MAX_DELAY_MS + 1000 })).status).toBe(200);
    const ok = await login(PASSWORD, 101);
    expect(ok.status).toBe(200);
    // A success resets the counter: the next wrong password is a plain 401 again.
    expect((await login('Wrong-Password-123', 102)).status).toBe(401);
  });

  it('mails the owner once the failures pile up', async () => {
    const other = uniqueEmail('good.test');
    await registerAccount(env, other);
    (env.rt.deps.clock as AdjustableClock).freeze();
    for (let i = 0; i < 25; i++) {
      await env.http.post('/api/auth/login', { email: other, password: 'nope-nope-nope' }, { 'x-forwarded-for': `198.18.0.${i + 1}` });
      // Step past each delay so that every attempt counts as a failure.
      await env.http.post('/_local/clock', { advanceMs: MAX_DELAY_MS + 1000 });
    }
    const mails = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(other)}`)).body.data as { subject: string }[];
    expect(mails.filter((m) => m.subject === 'Repeated failed logins to your account')).toHaveLength(1);
  });
});
