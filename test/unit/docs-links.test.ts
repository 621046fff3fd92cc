import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs name files of this repository only, and every name they give exists: a renamed test, a moved
// module or a doc renamed in another case fails here instead of leaving a newcomer at a dead end.
const root = join(import.meta.dirname, '../..');
const TOP_DIRS = ['docs', 'functions', 'infra', 'scripts', 'shared', 'statemachines', 'test', 'tools', 'web'];
const SOURCE_DIRS = ['functions', 'infra', 'scripts', 'shared', 'test', 'tools', 'web'];
const SKIP_DIRS = new Set(['node_modules', 'cdk.out', 'dist', '.data', '.tmp']);
// MCP methods read like paths under tools/.
const NOT_PATHS = new Set(['tools/list', 'tools/call']);

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : filesUnder(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

/** Markdown links `[text](target)` that are not URLs or in-page anchors, without their anchor. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^([a-z]+:|#)/i.test(t))
    .map((t) => t.split('#')[0]);
}

/**
 * Repository paths named in the text (`shared/platform/http/pipeline.ts`, `infra/aws/`), in backticks, tables or
 * code blocks alike. A name with a placeholder (`shared/<domain>/background.ts`, `statemachines/*.asl.json`,
 * `test/{unit,e2e}`) is checked up to the folder before it. Paths inside URLs or relative imports
 * (`../../shared/…`) are not repository-rooted names and are left out.
 */
function repoPaths(text: string): string[] {
  const found = new Set<string>();
  const re = new RegExp(`(?<![\\w./:@-])(?:${TOP_DIRS.join('|')})/[\\w./-]*`, 'g');
  for (const m of text.matchAll(re)) {
    let p = m[0].replace(/[.,]+$/, '');
    const next = text[m.index + m[0].length];
    if (next && /[<*{…]/.test(next)) p = p.slice(0, p.lastIndexOf('/') + 1);
    if (!NOT_PATHS.has(p)) found.add(p);
  }
  return [...found];
}

/** The docs and every source file (this test aside: it names what it looks for). */
const sources = (ext: RegExp) => [...docs, ...SOURCE_DIRS.flatMap((d) => filesUnder(d, ext))].filter((f) => f !== 'test/unit/docs-links.test.ts');

/** A markdown file without its fenced code: an example's relative imports are relative to the example's own file. */
const withoutCodeExamples = (file: string, text: string) => (file.endsWith('.md') ? text.replace(/^\s*```[\s\S]*?^\s*```/gm, '') : text);

describe('docs name what exists', () => {
  it('the docs are README.md and lowercase files under docs/ (and docs/PERFORMANCE.md, the name its issue gives it)', () => {
    expect(docs.length).toBeGreaterThan(5);
    expect(docs.filter((d) => !['README.md', 'docs/PERFORMANCE.md'].includes(d) && d !== d.toLowerCase())).toEqual([]);
  });

  it('shared/ holds only areas, each with its README.md, and docs/architecture.md places every folder in its area', () => {
    const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8').split('The folders of `shared/` by area')[1] ?? '';
    const bullets = new Map([...text.split('\n## ')[0].matchAll(/^- \*\*([\w-]+)\*\*([\s\S]*?)(?=^- \*\*|^\s*$)/gm)].map((m) => [m[1], m[2]]));
    const areas = readdirSync(join(root, 'shared'), { withFileTypes: true });
    expect(areas.filter((e) => !e.isDirectory() || !bullets.has(e.name)).map((e) => e.name)).toEqual([]);
    const misplaced = areas.flatMap((area) => {
      const listed = new Set([...bullets.get(area.name)!.matchAll(/`([\w.-]+)`/g)].map((m) => m[1]));
      const entries = readdirSync(join(root, 'shared', area.name)).filter((f) => f !== 'README.md');
      return [
        ...(existsSync(join(root, 'shared', area.name, 'README.md')) ? [] : [`shared/${area.name}: no README.md`]),
        ...entries.filter((f) => !listed.has(f)).map((f) => `shared/${area.name}/${f}: not in its area's line`),
      ];
    });
    expect(misplaced).toEqual([]);
  });

  it('every relative link in README.md and docs/*.md resolves to a file of this repository', () => {
    const broken = docs.flatMap((doc) =>
      relativeLinks(readFileSync(join(root, doc), 'utf8'))
        .filter((target) => {
          const resolved = join(root, dirname(doc), target);
          return relative(root, resolved).startsWith('..') || !existsSync(resolved);
        })
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every repository path named in README.md and docs/*.md exists', () => {
    const missing = docs.flatMap((doc) =>
      repoPaths(readFileSync(join(root, doc), 'utf8'))
        .filter((p) => !existsSync(join(root, p)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every repository file named in code, comments or docs exists (a test, a module, a doc)', () => {
    const fileName = new RegExp(`(?<![\\w./@-])(?:${TOP_DIRS.join('|')})/[\\w./-]*\\.(?:tsx?|mjs|md|json)(?![\\w<*{-])`, 'g');
    const missing = sources(/\.(ts|tsx|mjs|md)$/).flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(fileName)]
        .map((m) => m[0])
        .filter((p) => !existsSync(join(root, p)))
        .map((p) => `${file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('nothing points outside the repository: no relative path out of it or to nothing, no absolute /work/ path', () => {
    const outside = sources(/\.(ts|tsx|mjs|md|json)$/).flatMap((file) =>
      withoutCodeExamples(file, readFileSync(join(root, file), 'utf8'))
        .split('\n')
        .flatMap((line, i) => {
          const pointsAway = [...line.matchAll(/(?<![\w./])(['"]?)((?:\.\.\/)+[\w./-]*[\w-])/g)].some(([, quote, name]) => {
            const target = join(root, dirname(file), name);
            // Out of the repository; in a doc's prose also a relative name of nothing (a quoted one is an import specifier).
            return relative(root, target).startsWith('..') || (file.endsWith('.md') && !quote && !existsSync(target));
          });
          return pointsAway || /(?<![\w.-])\/work\//.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
        }),
    );
    expect(outside).toEqual([]);
  });
});
