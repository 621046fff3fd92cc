import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { client } from './runtime.js';

/**
 * What the kill -9 tests of the combined import share (test/integration/imports-crash*.test.ts): the
 * real runtime (`npm start`, its own DynamoDB Local on a data folder) in its own process group, killed
 * whole with SIGKILL as a machine crash would, and bounded polls of a job and of a list.
 */
type Http = ReturnType<typeof client>;
export type JobState = { status: string; processed: number; result?: Record<string, any> };

export const crashMapping = { Company: 'name', Site: 'domain', Email: 'c:email', First: 'c:firstName' };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startRuntime(dataDir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line: ${out}`)), 240_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
  });
  return { url, child };
}

export async function crash(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await Promise.race([exited, sleep(10_000)]);
  await sleep(500);
}

export async function jobStatus(http: Http, jobId: string) {
  return (await http.get(`/api/companies/import/jobs/${jobId}`)).body as JobState;
}

export async function waitFor(http: Http, jobId: string, done: (s: JobState) => boolean, limitMs = 240_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const s = await jobStatus(http, jobId);
    if (done(s)) return s;
    await sleep(200);
  }
  throw new Error(`job ${jobId} did not reach the expected state in ${limitMs} ms`);
}

export async function countAll(http: Http, p: string) {
  const items: any[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < 100; page++) {
    const r = await http.get(`${p}?pageSize=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    items.push(...r.body.data);
    cursor = r.body.nextCursor;
    if (!cursor) break;
  }
  return items;
}
