import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from '../../infra/local/web-build.js';
import { WEB_DIST } from '../../infra/local/web-app.js';
import { print } from './support.js';

/** Issue 23's budget for the JavaScript of the app's first load, gzipped. */
const FIRST_LOAD_GOAL_KB = 170;

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The web app's download sizes, read from the Vite manifest of a fresh build: the first load (the
 * entry chunk and everything it imports statically, i.e. what index.html makes the browser fetch
 * before any page) and what each page's own chunk adds when someone opens it (route-level splitting).
 * `npx tsx test/bench/web-app.ts` or `npm run bench web-app`.
 */
export async function run() {
  await ensureWebBuild({ quiet: true });
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const jsOf = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0);

  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const first = closure(entry);
  const firstJs = jsOf(first);
  const firstCss = [...first].flatMap((k) => manifest[k].css ?? []).reduce((sum, f) => sum + gz(f), 0);
  print('Web app first load (gzip -9, from the Vite manifest)', [
    {
      'JS KB': kb(firstJs),
      'goal KB': FIRST_LOAD_GOAL_KB,
      'within goal': firstJs / 1024 <= FIRST_LOAD_GOAL_KB,
      'CSS KB': kb(firstCss),
      chunks: first.size,
    },
  ]);
  const pages = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .map((k) => {
      const extra = [...closure(k)].filter((c) => !first.has(c));
      return { page: k.replace(/^src\/pages\//, ''), 'adds JS KB': kb(jsOf(extra)), 'page total JS KB': kb(firstJs + jsOf(extra)) };
    })
    .sort((a, b) => b['adds JS KB'] - a['adds JS KB']);
  print('Web app pages: what opening each adds (route-level chunks)', pages);
  return { firstLoadJsKb: kb(firstJs), goalKb: FIRST_LOAD_GOAL_KB, pages };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
  process.exit(0);
}
