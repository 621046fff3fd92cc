import { AccountEmail } from '../../shared/workspace/identity/entities.js';
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';

/**
 * Fixtures of the accounts e2e tests (register, login, admin approval): a local website on a random 127.x.y.z:80 (loopback, so
 * the outbound guard admits it only with SVC_ALLOW_LOOPBACK_TARGETS=true), and fixture zones on the
 * local DNS server pointing business domains at it.
 */
export async function startWebsite(): Promise<{ ip: string; hits: string[]; stop(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Acme Widgets Ltd</body></html>');
  });
  for (let attempt = 0; attempt < 10; attempt++) {
    const ip = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(80, ip, () => resolve(true));
    });
    if (ok)
      return {
        ip,
        hits,
        stop: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      };
  }
  throw new Error('could not bind a loopback website on port 80');
}

export function zones(webIp: string) {
  return {
    'good.test': { A: [webIp], MX: [{ priority: 10, exchange: 'mx.good.test' }] },
    'mx.good.test': { A: ['127.0.0.25'] },
    'www.good.test': { CNAME: 'good.test' },
    'gmail.com': { A: [webIp], MX: [{ priority: 5, exchange: 'gmail-smtp-in.l.google.com' }] },
    'gmail-smtp-in.l.google.com': { A: ['127.0.0.26'] },
    'nomx.test': { A: [webIp] },
    'nosite.test': { MX: [{ priority: 10, exchange: 'mx.nosite.test' }] },
    'mx.nosite.test': { A: ['127.0.0.27'] },
    'badmx.test': { A: [webIp], MX: [{ priority: 10, exchange: 'mx.nowhere.test' }] },
  };
}

export type Rt = Awaited<ReturnType<typeof startTestRuntime>>;

/** `env` adds to (or overrides) the runtime's environment, e.g. an AI provider. */
export async function startAccountsRuntime(env: Record<string, string> = {}) {
  const web = await startWebsite();
  const dns: DnsServer = await startDnsServer(zones(web.ip));
  const rt = await startTestRuntime({ env: { TRUST_PROXY: 'true', DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', ...env } });
  return {
    rt,
    dns,
    web,
    http: client(rt.url),
    async stop() {
      await rt.stop();
      await dns.stop();
      await web.stop();
    },
  };
}

let n = 0;
export const uniqueEmail = (domain: string) => `user${Date.now().toString(36)}${++n}@${domain}`;

export const PASSWORD = 'Correct-Horse-Battery-9';

/** POST /api/auth/register from a fresh client address; returns the response and the emailed verify link. */
export async function registerAccount(env: { rt: Rt; http: ReturnType<typeof client> }, email: string, extra: Record<string, unknown> = {}) {
  const res = await env.http.post(
    '/api/auth/register',
    { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Acme', ...extra },
    { 'x-forwarded-for': freshAddress() },
  );
  const verifyUrl = await mailedVerifyLink(env.http, email);
  return { res, verifyPath: verifyUrl ? new URL(verifyUrl).pathname + new URL(verifyUrl).search : undefined };
}

/** The verification link of the newest mail to `email`, as the local outbox lists it (what the person reads in their mail). */
export async function mailedVerifyLink(http: ReturnType<typeof client>, email: string): Promise<string | undefined> {
  const outbox = await http.get(`/_local/outbox?to=${encodeURIComponent(email)}`);
  const mail = outbox.body.data.find((m: { subject: string }) => m.subject === 'Verify your email address');
  return mail?.links?.verify;
}

/**
 * An account registered with a free-mail address (the automatic checks cannot pass), verified and with
 * the signup questionnaire answered: PENDING until an admin approves `accountId`.
 */
export async function questionnaireAccount(env: { rt: Rt; http: ReturnType<typeof client> }) {
  const email = uniqueEmail('gmail.com');
  const { res, verifyPath } = await registerAccount(env, email);
  const verified = await env.http.get(verifyPath!);
  const token = new URL(verified.headers.get('location')!, env.rt.url).searchParams.get('signup_token');
  const answered = await env.http.post('/api/auth/signup-questionnaire', {
    signup_token: token,
    companyName: 'Acme Widgets',
    useCase: 'Outreach to procurement managers',
    contactSource: 'Company websites',
    b2bOnly: true,
  });
  if (answered.status >= 300) throw new Error(`questionnaire for ${email}: ${answered.status} ${answered.text}`);
  const account = await env.rt.deps.platform.get<{ accountId: string }>(AccountEmail.key({ email }));
  return { email, apiKey: res.body.api_key as string, accountId: account!.accountId };
}

/** A registered, verified (ACTIVE) account with a password, for sign-in journeys: its workspace is `tenantId`. */
export async function activeAccount(env: { rt: Rt; http: ReturnType<typeof client> }, company = 'Acme') {
  const email = uniqueEmail('good.test');
  const { res, verifyPath } = await registerAccount(env, email, { company });
  const verified = await env.http.get(verifyPath!);
  if (verified.body?.status !== 'ACTIVE') throw new Error(`verify-email did not activate ${email}: ${verified.text}`);
  return { email, password: PASSWORD, apiKey: res.body.api_key as string, tenantId: verified.body.tenantId as string };
}
