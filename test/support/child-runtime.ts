import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts the local runtime in a child process (test/support/runtime-child.ts) with `env`, for tests
 * that kill it with SIGKILL; answers once it printed its URL (and its DynamoDB Local's endpoint). The child is added to `children`, so
 * the test's afterAll can kill whatever is left by pid.
 */
export function startChildRuntime(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<{ url: string; dynamo: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/support/runtime-child.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let buf = '';
    const t = setTimeout(() => reject(new Error('child runtime did not start')), 180_000);
    proc.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) (clearTimeout(t), resolve({ ...(JSON.parse(line) as { url: string; dynamo: string }), proc }));
    });
    proc.once('exit', (code) => (clearTimeout(t), reject(new Error(`child exited ${code}`))));
  });
}
