/** Settings of the embedded runtime (`npm start`, tests) only; a deployed function never reads them. */
export interface LocalConfig {
  /** LOCAL_WORKFLOW_TICK_MS (default 1000): the local state-machine runner's timer. */
  workflowTickMs: number;
  /**
   * Local overrides of background settings, for tests and benches; unset (the default), the runtime
   * uses the declarations' own values (functions/background.ts), the same as AWS:
   * REGISTRATION_SWEEP_MS, WEBHOOK_SWEEP_MS, SEND_SWEEP_MS, SITE_ENRICHMENT_WATCHDOG_MS, INBOX_SYNC_MS
   * (0 = off), SEQUENCE_TICK_MS (schedule periods), 2 × LOCAL_WORKFLOW_TICK_MS when set (the campaign
   * conveyor), SEND_CONCURRENCY and SITE_ENRICHMENT_WORKERS (messages in flight).
   */
  registrationSweepMs?: number;
  webhookSweepMs?: number;
  sendSweepMs?: number;
  enrichmentWatchdogMs?: number;
  inboxSyncMs?: number;
  sequenceTickMs?: number;
  campaignConveyorMs?: number;
  sendConcurrency?: number;
  enrichmentWorkers?: number;
  /** DATA_DIR (default ./.data): DynamoDB Local files, tenant files (`files/`), the mail sandbox. */
  dataDir: string;
  /** FILES_MAX_BYTES (default 10 MB): cap of one file in the local file store. */
  filesMaxBytes: number;
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
  registrationSweepMs: positive(env.REGISTRATION_SWEEP_MS),
  webhookSweepMs: positive(env.WEBHOOK_SWEEP_MS),
  sendSweepMs: positive(env.SEND_SWEEP_MS),
  enrichmentWatchdogMs: positive(env.SITE_ENRICHMENT_WATCHDOG_MS),
  inboxSyncMs: env.INBOX_SYNC_MS === '0' ? 0 : positive(env.INBOX_SYNC_MS),
  sequenceTickMs: positive(env.SEQUENCE_TICK_MS),
  campaignConveyorMs: positive(env.LOCAL_WORKFLOW_TICK_MS) && 2 * Number(env.LOCAL_WORKFLOW_TICK_MS),
  sendConcurrency: positive(env.SEND_CONCURRENCY),
  enrichmentWorkers: positive(env.SITE_ENRICHMENT_WORKERS),
  dataDir: env.DATA_DIR ?? './.data',
  filesMaxBytes: Number(env.FILES_MAX_BYTES ?? 10 * 1024 * 1024),
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

/** A set, positive number, else undefined (the declaration's value applies). */
const positive = (v: string | undefined) => (Number(v) > 0 ? Number(v) : undefined);
