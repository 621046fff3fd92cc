import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const LOCK = path.join(WEB, '.build-lock');
/** What the build reads: a change to any of these makes web/dist stale. */
const SOURCES = [path.join(WEB, 'src'), path.join(WEB, 'index.html'), path.join(WEB, 'vite.config.ts'), path.join(ROOT, 'package-lock.json')];
const LOCK_STALE_MS = 120_000;

/**
 * Builds web/dist when it is missing or older than its sources (`npm start`, and once per test run).
 * Vite runs as a child process, into a fresh folder that replaces web/dist only when the build
 * succeeded; a lock folder keeps two processes of one checkout from building at once.
 */
export async function ensureWebBuild(opts: { quiet?: boolean } = {}): Promise<'fresh' | 'built'> {
  if (!isStale()) return 'fresh';
  const deadline = Date.now() + LOCK_STALE_MS;
  while (!takeLock()) {
    if (Date.now() > deadline) throw new Error(`web app build: ${LOCK} is held for over ${LOCK_STALE_MS / 1000} s; remove it if no build runs`);
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    if (!isStale()) return 'fresh'; // another process built it while this one waited
    const started = Date.now();
    const out = path.join(WEB, `.dist-${process.pid}`);
    await runVite(out, opts.quiet ?? false);
    const old = path.join(WEB, `.dist-old-${process.pid}`);
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(out, DIST);
    rmSync(old, { recursive: true, force: true });
    if (!opts.quiet) console.log(`  web: built the app in ${((Date.now() - started) / 1000).toFixed(1)} s (web/dist)`);
    return 'built';
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export function isStale() {
  if (!existsSync(MANIFEST)) return true;
  const built = statSync(MANIFEST).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function takeLock() {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock left by a killed build does not block forever.
    const held = statSync(LOCK, { throwIfNoEntry: false });
    if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

function runVite(outDir: string, quiet: boolean) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--config', path.join(WEB, 'vite.config.ts'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        // What ships: under vitest NODE_ENV is `test`, which would make Vite build React's development runtime.
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += String(d)).length > 20_000 && (stderr = stderr.slice(-10_000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      rmSync(outDir, { recursive: true, force: true });
      reject(new Error(`web app build failed (vite exit ${code})${stderr ? `:\n${stderr}` : ''}`));
    });
  });
}
