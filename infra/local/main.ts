import '../../shared/platform/runtime/quiet-warnings.js';
import { startLocalRuntime, type LocalRuntime } from './runtime.js';
import { ensureWebBuild } from './web-build.js';

// CLI of the embedded runtime: builds the web app if stale, prints the URL, stops itself and its children on Ctrl-C / SIGTERM, when
// its launcher dies, or when DynamoDB Local died and cannot be restarted (exit status 75).

/** Exit status when the store is lost (EX_TEMPFAIL): starting again may well work, so a supervisor should. */
const STORE_LOST_EXIT = 75;

/** Set once started: the store can be lost while the runtime is still starting. */
const started: { runtime?: LocalRuntime } = {};
let stopping = false;
async function shutdown(why: string, code: number) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${why}: stopping`);
  const force = setTimeout(() => process.exit(code || 1), 10_000);
  await started.runtime?.stop().catch(() => undefined);
  clearTimeout(force);
  process.exit(code);
}

await ensureWebBuild().catch((e) => {
  console.error(`Could not build the web app: ${(e as Error).message}`);
  process.exit(1);
});
const runtime = await startLocalRuntime({
  dynamoJit: 'throughput',
  onStoreLost: (e) => {
    console.error(`\nDynamoDB Local died and could not be restarted: ${e.message}`);
    console.error(
      `The runtime cannot serve without its store; exiting with status ${STORE_LOST_EXIT}. Start it again (npm start), or let your supervisor do it.`,
    );
    void shutdown('store lost', STORE_LOST_EXIT);
  },
}).catch((e) => {
  console.error(`Could not start the local runtime: ${(e as Error).message}`);
  process.exit(1);
});
started.runtime = runtime;
console.log(`svc local runtime listening on ${runtime.url}`);
console.log(
  `  data: DynamoDB Local at ${runtime.dynamo?.endpoint ?? 'external'} (pid ${runtime.dynamo?.pid ?? '-'}; random high port, answers loopback only, dies with this process, restarted if it dies alone)`,
);
const sandbox = runtime.deps.mailSandbox?.current;
if (sandbox)
  console.log(
    `  mail: sandbox SMTP 127.0.0.1:${sandbox.smtpPort}, IMAP 127.0.0.1:${sandbox.imapPort} (any address, any password; ${runtime.url}/_local/mailbox)`,
  );
console.log(`  app:  ${runtime.url}/app`);
const keyFile = runtime.deps.config.local.secretsKeyFile;
console.log(
  keyFile
    ? `  secrets: key in ${keyFile.path} (${keyFile.created ? 'made now' : 'kept from an earlier start'}, mode 0600; set SECRETS_KEY to use another)`
    : '  secrets: key from SECRETS_KEY',
);
if (keyFile?.existingData)
  console.log(
    '  note: this data directory was written before it had its own key: mailbox passwords, OAuth tokens and webhook secrets stored then cannot be read; enter them again',
  );
console.log(`  try:  curl ${runtime.url}/v1/health`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal, 0));
// Started by scripts/start.mjs with an IPC channel: it closes when the launcher dies, even by SIGKILL.
if (process.connected) process.on('disconnect', () => void shutdown('launcher exited', 1));
