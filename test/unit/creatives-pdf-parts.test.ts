import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../shared/platform/adapters/files/local-files.js';
import { photoStyles, PROTECTED_ROLES } from '../../shared/mailing/creatives/pdf/variation.js';
import { applyMergePatch, canonical, valueAt } from '../../shared/mailing/briefs/merge-patch.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const v = { enabled: true, intensity: 1, imageIds: ['a', 'b'], brightness: true, contrast: true, saturation: true, scale: true };

describe('photo variation', () => {
  it('is deterministic per seed, differs between seeds, and is off when disabled or intensity 0', () => {
    expect(photoStyles(1, v)).toEqual(photoStyles(1, v));
    expect(photoStyles(1, v)[0].filter).not.toBe(photoStyles(2, v)[0].filter);
    expect(photoStyles(1, v)[0].filter).toMatch(/^brightness\([\d.]+\) contrast\([\d.]+\) saturate\([\d.]+\)$/);
    expect(photoStyles(1, v)[0].transform).toMatch(/^scale\(1\.\d+\)$/);
    expect(photoStyles(1, { ...v, enabled: false })).toEqual([]);
    expect(photoStyles(1, { ...v, intensity: 0 })).toEqual([]);
    expect(photoStyles(1, undefined)).toEqual([]);
    for (let seed = 0; seed < 100; seed++)
      for (const s of photoStyles(seed, { ...v, intensity: 2 })) {
        for (const m of s.filter.matchAll(/\(([\d.]+)\)/g)) expect(Math.abs(Number(m[1]) - 1)).toBeGreaterThan(0.01);
      }
    expect([...PROTECTED_ROLES]).toEqual(['logo', 'qr', 'drawing', 'signature', 'seal']);
  });
});

describe('local file store', () => {
  it('stores per tenant, refuses unsafe keys and oversize files, expires', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = new LocalFileStore(dir, () => now, 1000);
    await store.put('t1', 'pdf/a.pdf', Buffer.from('%PDF-1'), { contentType: 'application/pdf', expiresAt: '2026-01-01T01:00:00Z' });
    expect((await store.get('t1', 'pdf/a.pdf'))?.bytes.toString()).toBe('%PDF-1');
    expect(await store.get('t2', 'pdf/a.pdf')).toBeUndefined();
    await expect(store.put('t1', '../x', Buffer.from('x'), { contentType: 'x', expiresAt: '2027-01-01T00:00:00Z' })).rejects.toThrow(/bad file key/);
    await expect(store.put('../t', 'a', Buffer.from('x'), { contentType: 'x', expiresAt: '2027-01-01T00:00:00Z' })).rejects.toThrow(/bad file key/);
    await expect(store.put('t1', 'big', Buffer.alloc(1001), { contentType: 'x', expiresAt: '2027-01-01T00:00:00Z' })).rejects.toThrow(/exceeds/);
    await store.put('t1', 'pdf/b.pdf', Buffer.from('b'), { contentType: 'application/pdf', expiresAt: '2026-01-01T00:30:00Z' });
    now = Date.parse('2026-01-01T00:45:00Z');
    expect(await store.sweepExpired()).toBe(1);
    expect(await store.get('t1', 'pdf/b.pdf')).toBeUndefined();
    now = Date.parse('2026-01-01T02:00:00Z');
    expect(await store.get('t1', 'pdf/a.pdf')).toBeUndefined();
  });
});

describe('RFC 7396 merge patch', () => {
  it('merges objects, removes with null, replaces arrays and scalars (RFC examples)', () => {
    expect(applyMergePatch({ a: 'b' }, { a: 'c' })).toEqual({ a: 'c' });
    expect(applyMergePatch({ a: 'b' }, { b: 'c' })).toEqual({ a: 'b', b: 'c' });
    expect(applyMergePatch({ a: 'b' }, { a: null })).toEqual({});
    expect(applyMergePatch({ a: 'b', b: 'c' }, { a: null })).toEqual({ b: 'c' });
    expect(applyMergePatch({ a: ['b'] }, { a: 'c' })).toEqual({ a: 'c' });
    expect(applyMergePatch({ a: 'c' }, { a: ['b'] })).toEqual({ a: ['b'] });
    expect(applyMergePatch({ a: { b: 'c' } }, { a: { b: 'd', c: null } })).toEqual({ a: { b: 'd' } });
    expect(applyMergePatch({ a: [{ b: 'c' }] }, { a: [1] })).toEqual({ a: [1] });
    expect(applyMergePatch(['a', 'b'], ['c', 'd'])).toEqual(['c', 'd']);
    expect(applyMergePatch({ a: 'b' }, ['c'])).toEqual(['c']);
    expect(applyMergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
    expect(applyMergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });
  it('reads JSON Pointers and compares canonically', () => {
    const doc = { content: { 'a/b': { '~x': 1 } } };
    expect(valueAt(doc, '/content/a~1b/~0x')).toBe(1);
    expect(valueAt(doc, '/content/missing/x')).toBeUndefined();
    expect(canonical({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe(canonical({ a: [1, { c: 3, d: 2 }], b: 1 }));
  });
});
