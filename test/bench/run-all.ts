import '../../shared/platform/runtime/quiet-warnings.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** `npm run bench`: every benchmark module in test/bench (each exports `run()`), one after another. */
const dir = path.resolve('test/bench');
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !['run-all.ts', 'support.ts'].includes(f) && !f.endsWith('.test.ts'));
for (const file of files.sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.log(`\n# ${file}`);
  const mod = await import(path.join(dir, file));
  if (typeof mod.run !== 'function') continue;
  await mod.run();
}
process.exit(0);
