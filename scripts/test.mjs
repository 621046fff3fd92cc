// npm test: check prerequisites, keep temporary files inside the project, run the whole vitest suite.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./ensure-java.mjs');
await import('./ensure-test-tools.mjs');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
// The whole suite (no file filter) starts with lint: ESLint + Prettier (npm run lint), as CI runs it.
if (process.argv.length <= 2) {
  const lint = spawnSync('npm', ['run', '--silent', 'lint'], { stdio: 'inherit', cwd: root });
  if (lint.status !== 0) {
    console.error('npm run lint failed: fix the findings above (npx prettier --write <files> formats).');
    process.exit(lint.status ?? 1);
  }
}
const args = ['vitest', 'run', ...process.argv.slice(2)];
const child = spawn('npx', args, {
  stdio: 'inherit',
  cwd: root,
  env: {
    ...process.env,
    TMPDIR: tmp,
    // Deployed Lambdas run Node 22; the SDK's notice about Node 20 would repeat in every test worker's output.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'true',
  },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 1));
