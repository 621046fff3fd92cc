/**
 * Email-verification settings from the environment (read into config.emailVerification):
 * SMTP_PROBE_PORT (default 25; tests point it at a local smtp-server), SMTP_PROBE_TIMEOUT_MS per SMTP
 * step (default 8000), SMTP_PROBE_HELO (EHLO name; default the public host name), DNS_TIMEOUT_MS
 * (default 5000), EMAIL_VERIFY_BUDGET_MS for one whole batch call (default 20000, under API Gateway's 29 s).
 */
export interface ProbeConfig {
  smtpPort: number;
  smtpStepTimeoutMs: number;
  heloName?: string;
  dnsTimeoutMs: number;
  budgetMs: number;
}

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);

export function probeConfig(env: NodeJS.ProcessEnv): ProbeConfig {
  return {
    smtpPort: num(env.SMTP_PROBE_PORT, 25),
    smtpStepTimeoutMs: num(env.SMTP_PROBE_TIMEOUT_MS, 8000),
    heloName: env.SMTP_PROBE_HELO || undefined,
    dnsTimeoutMs: num(env.DNS_TIMEOUT_MS, 5000),
    budgetMs: num(env.EMAIL_VERIFY_BUDGET_MS, 20_000),
  };
}
