import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Config } from '../runtime/config.js';

/**
 * Optional SpamAssassin adapter: when `spamc` is installed (`cfg.spamcPath`: SPAMC_PATH or /usr/bin/spamc)
 * and not switched off (`cfg.spamc`: CONTENT_CHECK_SPAMC=off; always off in Lambda), the message is piped
 * to `spamc -R` with a time bound. Returns null when unavailable or on any failure: the named rules still stand.
 */
export async function spamAssassinReport(message: string, cfg: Config['contentCheck']): Promise<{ score: number; required: number; rules: string[] } | null> {
  const bin = cfg.spamcPath;
  if (!cfg.spamc || !existsSync(bin)) return null;
  return new Promise((resolve) => {
    const child = spawn(bin, ['-R', '--max-size=512000'], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 10_000);
    child.stdout.on('data', (d) => {
      if (out.length < 200_000) out += d;
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', () => {
      clearTimeout(timer);
      const m = out.match(/^(-?[\d.]+)\/([\d.]+)/);
      if (!m) return resolve(null);
      const rules = [...out.matchAll(/^\s*-?[\d.]+\s+([A-Z0-9_]{3,})\s/gm)].map((r) => r[1]);
      resolve({ score: Number(m[1]), required: Number(m[2]), rules });
    });
    child.stdin.end(message);
  });
}
