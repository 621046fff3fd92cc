/** Settings of the embedded runtime (`npm start`, tests) only; a deployed function never reads them. */
export interface LocalConfig {
  /** Periods: LOCAL_WORKFLOW_TICK_MS (default 1000), REGISTRATION_SWEEP_MS (default 30 s), WEBHOOK_SWEEP_MS (default 2000). */
  workflowTickMs: number;
  registrationSweepMs: number;
  webhookSweepMs: number;
  /** DATA_DIR (default ./.data): DynamoDB Local files, tenant files (`files/`), the mail sandbox. */
  dataDir: string;
  /** FILES_MAX_BYTES (default 10 MB): cap of one file in the local file store. */
  filesMaxBytes: number;
  /** SEND_CONCURRENCY (default 16) sends at once; SEND_SWEEP_MS (default 5000) between lease sweeps. */
  sendConcurrency: number;
  sendSweepMs: number;
  /** SITE_ENRICHMENT_WORKERS (default 16) crawls at once; SITE_ENRICHMENT_WATCHDOG_MS (default 30 s) between stall scans. */
  enrichmentWorkers: number;
  enrichmentWatchdogMs: number;
  /** INBOX_SYNC_MS (default 60 s; 0 = off) between inbox syncs of every mailbox; SEQUENCE_TICK_MS (default 10 s) between due-step runs of sequences. */
  inboxSyncMs: number;
  sequenceTickMs: number;
  /** INBOX_IDLE (default on; `off` disables): while the sync is on, mailboxes whose server offers IMAP IDLE are synced as mail arrives. */
  inboxIdle: boolean;
  /**
   * The mail sandbox: MAIL_SANDBOX=off disables it; MAIL_SANDBOX_SMTP_PORT / MAIL_SANDBOX_IMAP_PORT
   * (default 2525 / 1143; 0 = any free port). Under vitest (VITEST set) the ports default to 0 and
   * nothing is persisted; otherwise mail is kept under DATA_DIR.
   */
  mailSandbox: { enabled: boolean; smtpPort: number; imapPort: number; persist: boolean };
  /**
   * Set by the local runtime when the environment has no SECRETS_KEY: the file under DATA_DIR that
   * holds the key (made on the first start, mode 0600), and whether this start made it.
   */
  secretsKeyFile?: { path: string; created: boolean; existingData: boolean };
}

export const localConfig = (env: NodeJS.ProcessEnv): LocalConfig => ({
  workflowTickMs: Number(env.LOCAL_WORKFLOW_TICK_MS) || 1000,
  registrationSweepMs: Number(env.REGISTRATION_SWEEP_MS) || 30_000,
  webhookSweepMs: Number(env.WEBHOOK_SWEEP_MS) || 2000,
  dataDir: env.DATA_DIR ?? './.data',
  filesMaxBytes: Number(env.FILES_MAX_BYTES ?? 10 * 1024 * 1024),
  sendConcurrency: Number(env.SEND_CONCURRENCY ?? 16),
  sendSweepMs: Number(env.SEND_SWEEP_MS ?? 5000),
  enrichmentWorkers: Number(env.SITE_ENRICHMENT_WORKERS) || 16,
  enrichmentWatchdogMs: Number(env.SITE_ENRICHMENT_WATCHDOG_MS) || 30_000,
  inboxSyncMs: env.INBOX_SYNC_MS === '0' ? 0 : Number(env.INBOX_SYNC_MS) || 60_000,
  sequenceTickMs: Number(env.SEQUENCE_TICK_MS) || 10_000,
  inboxIdle: env.INBOX_IDLE !== 'off',
  mailSandbox: {
    enabled: env.MAIL_SANDBOX !== 'off',
    smtpPort: sandboxPort(env, 'MAIL_SANDBOX_SMTP_PORT', 2525),
    imapPort: sandboxPort(env, 'MAIL_SANDBOX_IMAP_PORT', 1143),
    persist: !env.VITEST,
  },
});

/** Test runs (VITEST) take free ports so they never hold the well-known ones a developer's `npm start` wants. */
const sandboxPort = (env: NodeJS.ProcessEnv, name: string, dflt: number) => (env[name] !== undefined ? Number(env[name]) : env.VITEST ? 0 : dflt);
