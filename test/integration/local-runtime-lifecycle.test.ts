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

  it('npm start prints its URL; Ctrl-C (SIGINT to the process group) stops it and DynamoDB Local', async () => {
    const dataDir = tmp();
    // A terminal's Ctrl-C signals the whole foreground process group: npm, the launcher, the runtime, java.
    const child = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
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
      expect((await client(url).get('/v1/health')).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      process.kill(-child.pid!, 'SIGINT');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
      expect(code).not.toBe('timeout');
      await new Promise((r) => setTimeout(r, 500));
      expect(await portOpen(Number(new URL(url).port))).toBe(false);
      expect(alive(Number(javaPid))).toBe(false);
      expect(await portOpen(Number(dynamoPort))).toBe(false);
    } finally {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
