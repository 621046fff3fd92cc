import { describe, expect, it } from 'vitest';
import { diffAsText, htmlLines, lineDiff } from '../../web/src/pages/approvals/line-diff';

describe('approvals line diff', () => {
  it('keeps common lines and marks the changed ones as removed then added', () => {
    expect(lineDiff(['a', 'b', 'c', 'd'], ['a', 'B', 'c', 'd', 'e'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'added', text: 'e' },
    ]);
  });

  it('finds a moved block as the longest common run, not a rewrite of everything', () => {
    const d = lineDiff(['x', '1', '2', '3'], ['1', '2', '3', 'x']);
    expect(d.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'x' },
      { kind: 'added', text: 'x' },
    ]);
  });

  it('says identical and empty texts plainly', () => {
    expect(lineDiff(['same'], ['same'])).toEqual([{ kind: 'same', text: 'same' }]);
    expect(lineDiff([], ['new'])).toEqual([{ kind: 'added', text: 'new' }]);
    expect(lineDiff(['old'], [])).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  it('breaks an HTML body after block ends so the diff points at the paragraph that changed', () => {
    expect(htmlLines('<p>Hi {{firstName}},</p><p>Old offer.</p>')).toEqual(['<p>Hi {{firstName}},</p>', '<p>Old offer.</p>']);
    const d = lineDiff(htmlLines('<p>Hi,</p><p>Old offer.</p>'), htmlLines('<p>Hi,</p><p>New offer.</p>'));
    expect(diffAsText(d)).toBe('  <p>Hi,</p>\n- <p>Old offer.</p>\n+ <p>New offer.</p>');
  });

  it('shows a huge change as replaced instead of building a table past its bound', () => {
    const before = Array.from({ length: 2100 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 2100 }, (_, i) => `new ${i}`);
    const d = lineDiff(before, after);
    expect(d).toHaveLength(4200);
    expect(d.slice(0, 2100).every((l) => l.kind === 'removed')).toBe(true);
  });
});
