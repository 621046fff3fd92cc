import { ensureWebBuild } from '../../infra/local/web-build.js';
import { Account } from '../../shared/workspace/identity/entities.js';
import { hashPassword } from '../../shared/workspace/identity/passwords.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startBrowser } from '../support/browser.js';
import { startBenchRuntime } from './support.js';

export const WEB_BENCH_PASSWORD = 'Correct-Horse-Battery-9';

/**
 * What every browser bench starts with: the app built as it ships, the local runtime, Chromium, and
 * `person()` for an approved workspace whose owner can sign in with WEB_BENCH_PASSWORD (set as the
 * reset link would set it: a bench has no mailbox to read the link from). `stop()` closes both.
 */
export async function startWebBench(name: string) {
  await ensureWebBuild({ quiet: true });
  const rt = await startBenchRuntime();
  const browser = await startBrowser(name).catch(async (e) => {
    await rt.stop();
    throw e;
  });
  const person = async () => {
    const acc = await createApprovedAccount(rt.deps);
    await rt.deps.platform.update(Account.key({ accountId: acc.accountId }), { set: { passwordHash: await hashPassword(WEB_BENCH_PASSWORD) } });
    return { ...acc, password: WEB_BENCH_PASSWORD, table: rt.deps.tenantTable(acc.tenantId) };
  };
  const stop = async () => {
    await browser.close();
    await rt.stop();
  };
  return { rt, browser, person, stop };
}

/** Best, median and worst of a bench's rounds, rounded (milliseconds, or whatever unit `xs` is in). */
export function roundStats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { best: Math.round(s[0]), median: Math.round(s[Math.floor(s.length / 2)]), worst: Math.round(s[s.length - 1]) };
}
