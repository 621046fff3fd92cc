import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.js';
import { client } from '../support/runtime.js';
import { until } from '../support/signup-flow.js';

/**
 * Issue 27 item 8: DynamoDB Local dies alone (its java killed, nothing else) under a running runtime.
 * While it is down every entry answers 503 with Retry-After (HTTP, /v1/health naming the database, MCP);
 * the runtime starts it again on the same data folder and port, and what was written before is read
 * back. When it cannot come back, `npm start` stops with a message and exit status 75.
 *
 * To look at the outage for as long as the assertions take, `java` on this process's PATH is a gate:
 * a script that runs the real java (exec: the process is java) while the gate file exists and fails
 * at once otherwise. The test closes the gate before killing java, so the supervisor's restarts fail
 * until it opens it again.
 */
const work = mkdtempSync(path.join(process.env.TMPDIR ?? '.tmp', 'ddb-supervise-'));
const gate = path.join(work, 'java-allowed');
const gateDir = path.join(work, 'bin');

beforeAll(() => {
  const realJava = execFileSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).trim();
  mkdirSync(gateDir);
  const script = `#!/bin/sh\n[ "$1" = "-version" ] || [ -e '${gate}' ] || { echo 'java held closed by the test' >&2; exit 1; }\nexec '${realJava}' "$@"\n`;
  writeFileSync(path.join(gateDir, 'java'), script);
  chmodSync(path.join(gateDir, 'java'), 0o755);
  writeFileSync(gate, '');
  process.env.PATH = `${gateDir}:${process.env.PATH}`;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A JSON-RPC tools/call over plain HTTP (the SDK client turns a non-2xx answer into an exception without its status). */
const mcpCall = (url: string, key: string, tool: string, args: Record<string, unknown>) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } }),
  });

describe('DynamoDB Local killed under a running runtime', () => {
  let rt: LocalRuntime | undefined;
  afterAll(async () => {
    writeFileSync(gate, '');
    await rt?.stop();
  });

  it('answers 503 with Retry-After while it is down, restarts it on the same data and port, and reads what was written before', async () => {
    const dataDir = path.join(work, 'in-process');
    rt = await startLocalRuntime({
      port: 0,
      dataDir,
      // No key cache: the MCP call below must check its key against the store that is down.
      env: { LOG_LEVEL: 'silent', KEY_CACHE_MS: '0' },
      // Restarts keep failing while the gate is closed: leave room (about 40 s) for the assertions below.
      dynamoRestartPolicy: { attempts: 40, firstDelayMs: 250, maxDelayMs: 1000, maxRestarts: 5, windowMs: 600_000 },
    });
    const anonymous = client(rt.url);
    const key = (await anonymous.post('/v1/signup', { email: 'outage@example.com' })).body.api_key as string;
    const http = client(rt.url, { key });
    // A read waits for the signup's commit (DynamoDB Local answers a transaction before it is on disk).
    expect((await http.get('/v1/me')).status).toBe(200);
    const javaPid = rt.dynamo!.pid;
    const port = rt.dynamo!.port;

    rmSync(gate);
    process.kill(javaPid, 'SIGKILL');

    const me = await until(async () => {
      const r = await http.get('/v1/me');
      return r.status !== 200 && r;
    });
    expect(me.status).toBe(503);
    expect(me.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(me.body).toEqual({ statusCode: 503, message: expect.stringMatching(/data store is unavailable/), error: 'Service Unavailable' });
    expect(me.text).not.toMatch(/ECONNREFUSED|\bat \S+\.(ts|js)|127\.0\.0\.1/);

    const health = await anonymous.get('/v1/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(health.body).toMatchObject({ status: 'degraded', version: '1.0.0', checks: { database: 'unavailable' } });

    // MCP with a key: the key cannot be checked, so the whole request is a 503 (not a 500, not a 401).
    const viaKey = await mcpCall(rt.url, key, 'svc_v1_me', {});
    expect(viaKey.status).toBe(503);
    expect(viaKey.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await viaKey.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    // MCP without credentials (official client): a public tool that needs the store is an error result carrying 503 and Retry-After.
    const mcp = new Client({ name: 'outage', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp`)));
    try {
      const r = await mcp.callTool({ name: 'svc_v1_signup', arguments: { body: { email: 'during-outage@example.com' } } });
      expect(r.isError).toBe(true);
      expect(r._meta).toMatchObject({ 'svc/status': 503, 'svc/retryAfter': expect.any(Number) });
    } finally {
      await mcp.close();
    }
    expect(rt.dynamo!.pid).toBe(javaPid); // no java has come back while the gate is closed

    writeFileSync(gate, '');
    await until(async () => (await anonymous.get('/v1/health')).status === 200, { timeoutMs: 120_000, everyMs: 250 });
    const restarted = rt.dynamo!.pid;
    expect(restarted).not.toBe(javaPid);
    expect(alive(restarted)).toBe(true);
    expect(alive(javaPid)).toBe(false);
    expect(readFileSync(`/proc/${restarted}/cmdline`, 'utf8').split('\0')).toEqual(
      expect.arrayContaining(['-port', String(port), '-dbPath', path.resolve(dataDir, 'dynamodb')]),
    );
    const after = await http.get('/v1/me');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ email: 'outage@example.com' });
    // And it takes writes again.
    expect((await http.post('/v1/messages', { to: 'a@example.org', subject: 's', text: 't' })).status).toBeLessThan(300);
    expect((await http.get('/v1/me')).body).toMatchObject({ quota: { used: 1 } });
  }, 240_000);
});

describe('a DynamoDB Local that cannot come back', () => {
  it('stops npm start with a message naming it and exit status 75', async () => {
    const dataDir = path.join(work, 'npm-start');
    writeFileSync(gate, '');
    const child = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const javaPid = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no startup line: ${out}${err}`)), 120_000);
        child.stdout.on('data', (d) => {
          out += d;
          const m = /DynamoDB Local at http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)/.exec(out);
          if (m) (clearTimeout(timer), resolve(Number(m[1])));
        });
      });
      rmSync(gate);
      process.kill(javaPid, 'SIGKILL');
      // Default policy: five starts 0.5 s to 8 s apart, each failing at once.
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 90_000))]);
      expect(code).toBe(75);
      expect(err).toMatch(/DynamoDB Local died and could not be restarted: .*after 5 attempts/);
      expect(err).toMatch(/exiting with status 75/);
    } finally {
      writeFileSync(gate, '');
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }, 240_000);
});
