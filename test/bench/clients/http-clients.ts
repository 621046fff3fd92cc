import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientJob, ClientResult } from './client-process.js';

/**
 * Starts a bench's HTTP clients in their own process (client-process.ts) and runs jobs there,
 * one at a time. The runtime's process then serves only, and `serverCpuMs` is its own CPU per job.
 */
export async function httpClients() {
  const child = fork(fileURLToPath(new URL('./client-process.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  let firstAddress = 1_000_000;
  return {
    /** Runs `total` requests, `concurrency` at a time, each from a new address; `{i}` in the body is the request's index. */
    async run(job: Omit<ClientJob, 'firstAddress'>): Promise<ClientResult & { serverCpuMs: number }> {
      const cpu = process.cpuUsage();
      const answered = new Promise<ClientResult>((resolve, reject) => {
        child.once('message', (r) => resolve(r as ClientResult));
        child.once('exit', (code) => reject(new Error(`the clients' process exited (${code})`)));
      });
      child.send({ ...job, firstAddress } satisfies ClientJob);
      firstAddress += job.total;
      const result = await answered;
      child.removeAllListeners('exit');
      const used = process.cpuUsage(cpu);
      return { ...result, serverCpuMs: Math.round((used.user + used.system) / 1000) };
    },
    stop: () => void child.kill(),
  };
}
