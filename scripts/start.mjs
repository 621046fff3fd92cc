// npm start: check prerequisites, then run the embedded runtime (TypeScript through tsx).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./ensure-java.mjs');
// The IPC channel is a lifeline: the runtime stops when it closes, i.e. when this launcher dies, even by SIGKILL.
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'infra/local/main.ts')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  cwd: root,
});
// Ctrl-C reaches the child through the terminal's process group; forward explicit signals too.
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
