// npm run bench [name...]: runs test/bench/*.ts (each exports run()) against the local runtime and prints figures.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./ensure-java.mjs');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/run-all.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, TMPDIR: tmp },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 1));
