import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One DynamoDB Local per data folder. Its pid is written into `-dbPath`; a start that finds the file
 * and that process still running on the same folder (a runtime killed with SIGKILL before the
 * parent-death signal existed, or by hand) stops it first, so two never share one set of files.
 */
const PID_FILE = 'dynamodb-local.pid';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The command line of a process (Linux /proc), '' where unknown. */
const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

export async function stopStaleInstance(dbPath: string, waitMs = 10_000): Promise<number | undefined> {
  const file = path.join(dbPath, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  rmSync(file, { force: true });
  // Only a java still serving this very folder: a recycled pid is left alone.
  if (!Number.isInteger(pid) || pid <= 1 || !alive(pid) || !commandLine(pid).includes(dbPath)) return undefined;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + waitMs;
  for (let i = 0; i < 200 && alive(pid) && Date.now() < deadline; i++) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return pid;
}

export const writePidFile = (dbPath: string, pid: number) => writeFileSync(path.join(dbPath, PID_FILE), `${pid}\n`);

export function removePidFile(dbPath: string, pid: number) {
  const file = path.join(dbPath, PID_FILE);
  try {
    if (Number(readFileSync(file, 'utf8').trim()) === pid) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
