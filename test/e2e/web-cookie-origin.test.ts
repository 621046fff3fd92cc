// Issue 23, item 10: a cookie-authenticated unsafe request from another origin is refused 403 (the
// session cookie is sent by the browser whichever page asks); Bearer keys and same-origin pages are unaffected.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCookie } from '../../shared/workspace/identity/sessions.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { client } from '../support/runtime.js';
import { PASSWORD, registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';

// Each journey drives a real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let key: string;
let cookie: string;
const FOREIGN = 'http://127.0.0.1:1';
const REFUSED = {
  statusCode: 403,
  error: 'Forbidden',
  code: 'cross_origin_refused',
  message: "Cross-origin request refused: a request signed in with the session cookie must come from the service's own pages",
};

beforeAll(async () => {
  env = await startAccountsRuntime();
  const email = uniqueEmail('good.test');
  const r = await registerAccount(env, email);
  key = r.res.body.api_key;
  await env.http.get(r.verifyPath!);
  const login = await env.http.post('/api/auth/login', { email, password: PASSWORD });
  cookie = /svc_session=[^;]*/.exec(login.headers.get('set-cookie') ?? '')![0];
});
afterAll(() => env?.stop());

const withCookie = (headers: Record<string, string> = {}) => client(env.rt.url, { headers: { cookie, ...headers } });
function rawPost(path: string, headers: Record<string, string>, body: unknown) {
  const url = new URL(path, env.rt.url);
  return new Promise<{ status: number }>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
const pipelineNames = async () => ((await client(env.rt.url, { key }).get('/api/pipelines?pageSize=100')).body.data as { name: string }[]).map((p) => p.name);

describe('cookie-authenticated writes and their Origin', () => {
  it('refuses a POST, PUT, PATCH and DELETE with the cookie from a foreign Origin, and changes nothing', async () => {
    const post = await withCookie({ origin: FOREIGN }).post('/api/pipelines', { name: 'From elsewhere' });
    expect(post.status).toBe(403);
    expect(post.body).toEqual(REFUSED);
    expect((await withCookie({ origin: 'null' }).post('/api/pipelines', { name: 'From an opaque origin' })).status).toBe(403);
    expect((await withCookie({ origin: FOREIGN }).put('/api/settings/min-send-interval', { minutes: 5 })).status).toBe(403);
    expect((await withCookie({ origin: FOREIGN }).patch('/api/companies/any', { name: 'x' })).status).toBe(403);
    expect((await withCookie({ origin: FOREIGN }).delete('/api/pipelines/any')).status).toBe(403);
    // A public operation that acts on the cookie (logout) is no exception.
    expect((await withCookie({ origin: FOREIGN }).post('/api/auth/logout')).status).toBe(403);
    expect(await pipelineNames()).not.toContain('From elsewhere');
  });

  it('without Origin, Sec-Fetch-Site cross-site or same-site is refused; same-origin and non-browser clients pass', async () => {
    expect((await withCookie({ 'sec-fetch-site': 'cross-site' }).post('/api/pipelines', { name: 'x1' })).body).toEqual(REFUSED);
    expect((await withCookie({ 'sec-fetch-site': 'same-site' }).post('/api/pipelines', { name: 'x2' })).status).toBe(403);
    expect((await withCookie({ 'sec-fetch-site': 'same-origin' }).post('/api/pipelines', { name: 'Same origin' })).status).toBe(201);
    expect((await withCookie().post('/api/pipelines', { name: 'No browser headers' })).status).toBe(201);
  });

  it("accepts the service's own Origin (the public address, or the Host the request was sent to)", async () => {
    expect((await withCookie({ origin: env.rt.url }).post('/api/pipelines', { name: 'Own origin' })).status).toBe(201);
    // Opened as http://localhost:<port>: the page's Origin is the Host it addressed (Node's fetch cannot set Host).
    const port = new URL(env.rt.url).port;
    const host = await rawPost(`/api/pipelines`, { cookie, host: `localhost:${port}`, origin: `http://localhost:${port}` }, { name: 'Own host' });
    expect(host.status).toBe(201);
    expect(await pipelineNames()).toEqual(expect.arrayContaining(['Same origin', 'No browser headers', 'Own origin', 'Own host']));
  });

  it('leaves Bearer keys and safe methods alone', async () => {
    expect((await client(env.rt.url, { key, headers: { origin: FOREIGN } }).post('/api/pipelines', { name: 'Agent' })).status).toBe(201);
    // A key and a cookie together: the key is the credential.
    expect((await client(env.rt.url, { key, headers: { origin: FOREIGN, cookie } }).post('/api/pipelines', { name: 'Agent 2' })).status).toBe(201);
    expect((await withCookie({ origin: FOREIGN }).get('/api/pipelines')).status).toBe(200);
  });

  it('refuses an MCP request with the cookie from a foreign Origin', async () => {
    const call = (origin: string) =>
      fetch(`${env.rt.url}/mcp`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'svc_pipelines_create', arguments: { body: { name: 'Via MCP' } } },
        }),
      });
    const foreign = await call(FOREIGN);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual(REFUSED);
    expect((await call(env.rt.url)).status).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure when deployed', async () => {
    const local = sessionCookie({ config: { mode: 'local' } } as Deps, 'token', 60);
    const aws = sessionCookie({ config: { mode: 'aws' } } as Deps, 'token', 60);
    for (const c of [local, aws]) expect(c).toMatch(/; HttpOnly; SameSite=Lax; /);
    expect(aws).toMatch(/; Secure$/);
    expect(local).not.toMatch(/Secure/);
  });
});
