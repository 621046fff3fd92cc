import type { ChildProcess } from 'node:child_process';
import { localDeps } from '../../../infra/local/local-deps.js';
import { credit } from '../../../shared/workspace/billing/billing.js';
import { createApprovedAccount } from '../../support/accounts.js';
import { startChildRuntime } from '../../support/child-runtime.js';
import { client, TEST_ADMIN_TOKEN } from '../../support/runtime.js';

/** The crash probe's runtime processes: each as `npm start` runs it, with its own DynamoDB Local under DATA_DIR (it dies with the process). */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
export type Http = ReturnType<typeof client>;

export function runtimeEnv(dataDir: string) {
  return {
    ...process.env,
    DYNAMO_ENDPOINT: undefined,
    DYNAMO_JIT: 'throughput',
    DATA_DIR: dataDir,
    TABLE_PREFIX: 'probe-',
    SVC_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: process.env.PROBE_LOG_LEVEL ?? 'silent',
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    MAIL_SANDBOX: 'off',
  };
}

/** The first runtime of a probe run, and a funded workspace on it. */
export async function startFirst(dataDir: string, children: ChildProcess[]) {
  const env = runtimeEnv(dataDir);
  const first = await startChildRuntime(env, children);
  const deps = await localDeps(first.dynamo, env);
  const owner = await createApprovedAccount(deps);
  await credit(deps, owner.tenantId, 100, 'probe balance', 'probe');
  return { env, first, deps, owner, http: client(first.url, { key: owner.apiKey }) };
}

export async function kill9(proc: ChildProcess) {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

export async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const t = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(t);
}

/** Whatever a probe run left running, by pid. */
export function killLeft(children: ChildProcess[]) {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** Every item of a list operation (`{data, nextCursor}`), 100 per page, at most `maxPages` pages. */
export async function listAll<T = Record<string, any>>(http: Http, p: string, maxPages = 1_000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < maxPages; page++) {
    const r = await http.get(`${p}?pageSize=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${r.text.slice(0, 300)}`);
    items.push(...r.body.data);
    if (!(cursor = r.body.nextCursor)) break;
  }
  return items;
}
