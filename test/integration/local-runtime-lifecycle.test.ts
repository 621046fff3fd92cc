import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { client } from '../support/runtime.js';

const tmp = () => mkdtempSync(path.join(process.env.TMPDIR ?? '.tmp', 'runtime-'));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded runtime lifecycle', () => {
  it('keeps data under DATA_DIR across a restart', async () => {
    const dataDir = tmp();
    try {
      const first = await startLocalRuntime({ port: 0, dataDir, env: { LOG_LEVEL: 'silent' } });
      const key = (await client(first.url).post('/v1/signup', { email: 'persist@example.com' })).body.api_key;
      await client(first.url, { key }).post('/v1/messages', { to: 'a@example.org', subject: 's', text: 't' });
      await first.stop();

      const second = await startLocalRuntime({ port: 0, dataDir, env: { LOG_LEVEL: 'silent' } });
      const me = await client(second.url, { key }).get('/v1/me');
      await second.stop();
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'persist@example.com', quota: { used: 1 } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000); // two DynamoDB Local start-ups and table creations: over 60 s on a loaded 2-core machine

  /** `npm start` in its own process group (as a terminal runs it), up to its startup line. */
  async function npmStart(dataDir: string) {
    const child = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const started = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no startup line: ${out}`)), 60_000);
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/[^\s]+)[\s\S]*DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+) \(pid (\d+)/.exec(out);
        if (m) (clearTimeout(timer), resolve(m));
      });
    });
    const [, url, dynamoPort, javaPid] = started;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, url, dynamoPort: Number(dynamoPort), javaPid: Number(javaPid), exited };
  }

  for (const [how, stop] of [
    // A terminal's Ctrl-C signals the whole foreground process group: npm, the launcher, the runtime (java has its own group).
    ['Ctrl-C (SIGINT to the process group)', (pid: number) => process.kill(-pid, 'SIGINT')],
    // A process manager signals npm's pid only: npm passes it on, and `exec` in the start script makes the launcher receive it.
    ['SIGTERM to the npm process alone', (pid: number) => process.kill(pid, 'SIGTERM')],
  ] as const) {
    it(`npm start prints its URL; ${how} stops it and DynamoDB Local`, async () => {
      const dataDir = tmp();
      const rt = await npmStart(dataDir).catch((e) => (rmSync(dataDir, { recursive: true, force: true }), Promise.reject(e)));
      try {
        expect((await client(rt.url).get('/v1/health')).status).toBe(200);
        stop(rt.child.pid!);
        const code = await Promise.race([rt.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
        expect(code).not.toBe('timeout');
        // The launcher and the runtime may finish a moment after npm: wait (bounded) for the port and java to go.
        for (let i = 0; i < 100 && (alive(rt.javaPid) || (await portOpen(Number(new URL(rt.url).port)))); i++) await new Promise((r) => setTimeout(r, 100));
        expect(await portOpen(Number(new URL(rt.url).port))).toBe(false);
        expect(alive(rt.javaPid)).toBe(false);
        expect(await portOpen(rt.dynamoPort)).toBe(false);
      } finally {
        for (const pid of [-rt.child.pid!, rt.javaPid]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 90_000);
  }
});
