import { pathToFileURL } from 'node:url';
import { load, print, startBenchRuntime } from './support.js';

/** Foundation figures: p50/p99 of GET /v1/me and POST /v1/signup at 50 concurrent clients (bundle sizes: lambda-bundles.ts). */
export async function run() {
  const rt = await startBenchRuntime();
  try {
    const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const post = (p: string, body: unknown, headers: Record<string, string>) =>
      fetch(rt.url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const key = (await (await post('/v1/signup', { email: 'bench-me@example.com' }, {})).json()).api_key as string;
    // Warm-up: JIT, connection pools, DynamoDB Local.
    await load(200, 10, async (i) => (await fetch(rt.url + '/v1/me', { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip(i) } })).ok);
    const meOne = await load(
      300,
      1,
      async (i) => (await fetch(rt.url + '/v1/me', { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip(i) } })).ok,
    );
    const signupOne = await load(
      200,
      1,
      async (i) => (await post('/v1/signup', { email: `bench-one-${i}@example.com` }, { 'x-forwarded-for': ip(i) })).status === 201,
    );
    const me = await load(
      2000,
      50,
      async (i) => (await fetch(rt.url + '/v1/me', { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip(i) } })).ok,
    );
    const signup = await load(
      1000,
      50,
      async (i) => (await post('/v1/signup', { email: `bench-${i}@example.com`, org: 'Bench' }, { 'x-forwarded-for': ip(i) })).status === 201,
    );
    print('Latency against the local runtime (ms)', [
      { route: 'GET /v1/me (1 client, reference)', ...meOne },
      { route: 'GET /v1/me', ...me },
      { route: 'POST /v1/signup (1 client, reference)', ...signupOne },
      { route: 'POST /v1/signup', ...signup },
    ]);
  } finally {
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
