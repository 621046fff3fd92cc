import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredEntities } from '../../shared/platform/data/entity.js';
import { keyCollisions } from '../../shared/platform/data/key-templates.js';
import { FORMER_ENTITY_NAMES } from '../../shared/workspace/migrations/entity-casing.js';

const root = join(import.meta.dirname, '../..');

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return filesNamed(p, name);
    return f === name ? [relative(root, p)] : [];
  });
}

describe('entities declared once', () => {
  it('no two entities of all shared/**/entities.ts can build the same key', async () => {
    const modules = filesNamed(join(root, 'shared'), 'entities.ts');
    expect(modules.length).toBeGreaterThan(0);
    for (const m of modules) await import(pathToFileURL(join(root, m)).href);
    const entities = declaredEntities();
    expect(entities.length).toBeGreaterThan(0);
    expect(keyCollisions(entities)).toEqual([]);
    const names = entities.map((e) => `${e.table}:${e.name}`);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // One casing (defineEntity refuses another); a former name is one the casing migration rewrites, to this name.
    expect(entities.filter((e) => !/^[a-z][a-z0-9_]*$/.test(e.name)).map((e) => e.name)).toEqual([]);
    const formerly = Object.fromEntries(entities.filter((e) => e.formerly).map((e) => [e.formerly!, e.name]));
    expect(formerly).toEqual(FORMER_ENTITY_NAMES);
    expect(Object.keys(FORMER_ENTITY_NAMES).filter((former) => entities.some((e) => e.name === former))).toEqual([]);
  });

  it('no hand-written keys.ts remains (the import markers moved with the import write path)', () => {
    expect(filesNamed(join(root, 'shared'), 'keys.ts')).toEqual([]);
  });
});
