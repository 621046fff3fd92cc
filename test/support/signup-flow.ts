import { expect } from 'vitest';
import type { client } from './runtime.js';

type Http = ReturnType<typeof client>;

/** Polls `check` until it returns a truthy value; bounded in time and attempts. */
export async function until<T>(check: () => Promise<T | undefined | false>, opts: { timeoutMs?: number; everyMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (let i = 0; i < 500 && Date.now() < deadline; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 150));
  }
  throw new Error('condition not reached in time');
}

/** The newest link of a kind mailed to `to`, read from GET /_local/outbox. */
export async function mailedLink(http: Http, to: string, kind: 'confirm' | 'acceptTerms') {
  const r = await http.get(`/_local/outbox?to=${encodeURIComponent(to)}`);
  expect(r.status).toBe(200);
  const mail = (r.body.data as { links: Record<string, string> }[]).find((m) => m.links?.[kind]);
  if (!mail) throw new Error(`no ${kind} link mailed to ${to}`);
  return mail.links[kind];
}

/** Follows a mailed absolute link through the test client (path + query only). */
export const open = (http: Http, url: string, headers?: Record<string, string>) => {
  const u = new URL(url);
  return http.get(u.pathname + u.search, headers);
};

let n = 0;
export async function signupFull(http: Http, ip: string, email = `reg${Date.now().toString(36)}${++n}@example.com`) {
  const r = await http.post(
    '/v1/signup',
    { email, full_account: true, password: 'a-long-pass-phrase', firstName: 'Ada', org: 'Acme Ltd' },
    { 'x-forwarded-for': ip },
  );
  expect(r.status).toBe(201);
  return { email, key: r.body.api_key as string };
}

/** signup → confirm → accept terms: a registration awaiting admin approval. */
export async function registrationAwaitingApproval(http: Http, ip: string) {
  const s = await signupFull(http, ip);
  expect((await open(http, await mailedLink(http, s.email, 'confirm'))).status).toBe(200);
  expect((await open(http, await mailedLink(http, s.email, 'acceptTerms'))).status).toBe(200);
  return s;
}
