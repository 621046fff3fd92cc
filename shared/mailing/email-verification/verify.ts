import { randomBytes } from 'node:crypto';
import { blockedReason } from '../../platform/security/outbound-fetch.js';
import { isDisposableDomain, isRoleAddress } from './lists.js';
import { hostAddresses, lookupMx, makeResolver, type MxLookup } from './mx.js';
import { smtpProbe, type ProbeResult, type SmtpReply } from './smtp-probe.js';
import { checkSyntax } from './syntax.js';

export type VerificationResult = 'valid' | 'invalid' | 'risky' | 'unknown';

/**
 * Reason codes: syntax, domain_not_found, no_mx, null_mx, dns_error, disposable, role_address,
 * smtp_accepted, mailbox_rejected, catch_all, smtp_tempfail, smtp_unreachable, smtp_timeout,
 * smtp_refused, mx_blocked_address, budget_exhausted.
 */
export interface Verification {
  email: string;
  result: VerificationResult;
  reasons: string[];
  mx: string | null;
  smtp: SmtpReply | null;
  disposable: boolean;
  role: boolean;
  checkedAt: string;
}

export interface VerifySettings {
  dnsServers?: string[];
  dnsTimeoutMs: number;
  smtpPort: number;
  smtpStepTimeoutMs: number;
  heloName: string;
  /** Whole-batch budget: what is not done by then is `unknown` / budget_exhausted. */
  budgetMs: number;
  /** Admit loopback MX addresses (tests only: config.allowLoopbackTargets). */
  allowLoopback: boolean;
  /** Domains probed in parallel. */
  concurrency: number;
  now: () => number;
}

const RCPT_PER_SESSION = 20;

/** Verifies addresses: syntax, MX, disposable/role lists, then one SMTP RCPT session per domain. */
export async function verifyAddresses(emails: string[], s: VerifySettings): Promise<Verification[]> {
  const deadline = Date.now() + s.budgetMs;
  const checkedAt = () => new Date(s.now()).toISOString();
  const out = new Map<string, Verification>();
  const byDomain = new Map<string, { email: string; local: string }[]>();
  for (const raw of emails) {
    const syn = checkSyntax(raw);
    if (!syn.ok) {
      out.set(raw, { email: raw.trim(), result: 'invalid', reasons: ['syntax'], mx: null, smtp: null, disposable: false, role: false, checkedAt: checkedAt() });
      continue;
    }
    const list = byDomain.get(syn.domain) ?? [];
    if (!list.some((x) => x.email === syn.email)) list.push({ email: syn.email, local: syn.local });
    byDomain.set(syn.domain, list);
    out.set(raw, { email: syn.email, result: 'unknown', reasons: [], mx: null, smtp: null, disposable: false, role: false, checkedAt: '' });
  }
  const resolver = makeResolver({ servers: s.dnsServers, timeoutMs: s.dnsTimeoutMs });
  const perEmail = new Map<string, Verification>();
  const domains = [...byDomain.entries()];
  let next = 0;
  const worker = async () => {
    while (next < domains.length) {
      const [domain, list] = domains[next++];
      for (const v of await verifyDomain(domain, list, resolver, s, deadline)) perEmail.set(v.email, { ...v, checkedAt: checkedAt() });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(s.concurrency, domains.length)) }, worker));
  return emails.map((raw) => {
    const v = out.get(raw)!;
    return v.result === 'invalid' && v.reasons[0] === 'syntax' ? v : (perEmail.get(v.email) ?? v);
  });
}

type Unstamped = Omit<Verification, 'checkedAt'>;

async function verifyDomain(
  domain: string,
  list: { email: string; local: string }[],
  resolver: ReturnType<typeof makeResolver>,
  s: VerifySettings,
  deadline: number,
): Promise<Unstamped[]> {
  const disposable = isDisposableDomain(domain);
  const base = (e: { email: string; local: string }) => ({
    email: e.email,
    disposable,
    role: isRoleAddress(e.local),
    mx: null as string | null,
    smtp: null as SmtpReply | null,
  });
  if (Date.now() >= deadline) return list.map((e) => classify(base(e), ['budget_exhausted']));
  const mx: MxLookup = await lookupMx(resolver, domain);
  if (mx.status !== 'ok') {
    const reason = { not_found: 'domain_not_found', no_mx: 'no_mx', null_mx: 'null_mx', error: 'dns_error' }[mx.status];
    return list.map((e) => classify(base(e), [reason]));
  }
  const results: Unstamped[] = [];
  for (let i = 0; i < list.length; i += RCPT_PER_SESSION) {
    const chunk = list.slice(i, i + RCPT_PER_SESSION);
    const probe = await probeMx(
      domain,
      mx.hosts.map((h) => h.exchange),
      chunk.map((e) => e.email),
      resolver,
      s,
      deadline,
    );
    for (const e of chunk) {
      const b = { ...base(e), mx: probe.mx };
      results.push(classify({ ...b, smtp: probe.result?.rcpt[e.email] ?? probe.result?.reply ?? null }, smtpReasons(probe, e.email)));
    }
  }
  return results;
}

/** Tries the MX hosts in priority order (at most 3) until one session reaches RCPT. */
async function probeMx(domain: string, hosts: string[], recipients: string[], resolver: ReturnType<typeof makeResolver>, s: VerifySettings, deadline: number) {
  let last: { mx: string | null; result?: ProbeResult; blocked?: boolean; dnsError?: boolean } = { mx: null };
  for (const host of hosts.slice(0, 3)) {
    if (Date.now() >= deadline) return { ...last, budget: true };
    const addrs = await hostAddresses(resolver, host);
    if (addrs.status === 'error' || !addrs.addresses.length) {
      last = { mx: host, dnsError: true };
      continue;
    }
    const address = addrs.addresses.find((a) => !blockedReason(a, s.allowLoopback));
    if (!address) {
      last = { mx: host, blocked: true };
      continue;
    }
    const result = await smtpProbe({
      address,
      port: s.smtpPort,
      heloName: s.heloName,
      recipients,
      stepTimeoutMs: s.smtpStepTimeoutMs,
      deadline,
      catchAllProbe: `zz-${randomBytes(6).toString('hex')}-nx@${domain}`,
    });
    last = { mx: host, result };
    if (result.stage === 'rcpt') break;
  }
  return last;
}

function smtpReasons(p: { result?: ProbeResult; blocked?: boolean; dnsError?: boolean; budget?: boolean }, email: string): string[] {
  if (!p.result) return [p.budget ? 'budget_exhausted' : p.blocked ? 'mx_blocked_address' : 'dns_error'];
  const r = p.result;
  const reply = r.rcpt[email];
  if (!reply) {
    if (r.error === 'timeout') return ['smtp_timeout'];
    if (r.error === 'refused') return ['smtp_refused'];
    return ['smtp_unreachable'];
  }
  if (reply.code === 250 || reply.code === 251) return r.catchAll ? ['catch_all'] : ['smtp_accepted'];
  if (reply.code >= 500) return ['mailbox_rejected'];
  return ['smtp_tempfail'];
}

/** invalid beats risky beats unknown beats valid; disposable and role addresses are never `valid`. */
function classify<T extends { disposable: boolean; role: boolean }>(b: T, reasons: string[]): T & { result: VerificationResult; reasons: string[] } {
  const all = [...reasons, ...(b.disposable ? ['disposable'] : []), ...(b.role ? ['role_address'] : [])];
  const hard = ['domain_not_found', 'no_mx', 'null_mx', 'mailbox_rejected'];
  let result: VerificationResult;
  if (reasons.some((r) => hard.includes(r))) result = 'invalid';
  else if (b.disposable || b.role || reasons.includes('catch_all')) result = 'risky';
  else if (reasons.includes('smtp_accepted')) result = 'valid';
  else result = 'unknown';
  return { ...b, result, reasons: all };
}
