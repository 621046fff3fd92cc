import '../../shared/runtime/quiet-warnings.js';
import { startLocalRuntime } from './runtime.js';
import { currentSandbox } from './mail-sandbox/store.js';
import { ensureWebBuild } from './web-build.js';

/** CLI of the embedded runtime: builds the web app if stale, prints the URL, stops itself and its children on Ctrl-C / SIGTERM. */
await ensureWebBuild().catch((e) => {
  console.error(`Could not build the web app: ${(e as Error).message}`);
  process.exit(1);
});
const runtime = await startLocalRuntime({ dynamoJit: 'throughput' }).catch((e) => {
  console.error(`Could not start the local runtime: ${(e as Error).message}`);
  process.exit(1);
});
console.log(`svc local runtime listening on ${runtime.url}`);
console.log(
  `  data: DynamoDB Local at ${runtime.dynamo?.endpoint ?? 'external'} (pid ${runtime.dynamo?.pid ?? '-'}; random high port, answers loopback only, dies with this process)`,
);
const sandbox = currentSandbox();
if (sandbox)
  console.log(
    `  mail: sandbox SMTP 127.0.0.1:${sandbox.smtpPort}, IMAP 127.0.0.1:${sandbox.imapPort} (any address, any password; ${runtime.url}/_local/mailbox)`,
  );
console.log(`  app:  ${runtime.url}/app`);
console.log(`  try:  curl ${runtime.url}/v1/health`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    await runtime.stop();
    clearTimeout(force);
    process.exit(0);
  });
}
