// The table selection's "select every row on this page" box (web/src/components/selection.ts).
import { describe, expect, it } from 'vitest';
import { toggledAll } from '../../web/src/components/selection';

describe('toggledAll (the "select every row on this page" box)', () => {
  it('ticks every row of the page, keeping ticks made on other pages', () => {
    expect([...toggledAll(new Set(['other', 'a']), ['a', 'b', 'c'])].sort()).toEqual(['a', 'b', 'c', 'other']);
  });

  it('unticks the page when every row of it was ticked, and only those', () => {
    expect([...toggledAll(new Set(['other', 'a', 'b']), ['a', 'b'])]).toEqual(['other']);
  });

  it('changes nothing on an empty page', () => {
    expect([...toggledAll(new Set(['other']), [])]).toEqual(['other']);
  });
});
