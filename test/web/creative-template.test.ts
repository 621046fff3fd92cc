// The creative editor's view of the template language (web/src/pages/creatives/template-syntax.ts): the
// highlighted segments agree with the server's parser, faults are placed at line and column, variables
// go in at the caret; and the creative types the pages offer are the API's.
import { describe, expect, it } from 'vitest';
import { CREATIVE_TYPES as API_TYPES, CHANNEL_TYPES as API_CHANNEL_TYPES } from '../../shared/mailing/creatives/schema.js';
import { parseTemplate } from '../../shared/mailing/creatives/template.js';
import { CHANNEL_TYPES, CREATIVE_TYPES } from '../../web/src/pages/creatives/creatives-api';
import { faultFromMessage, insertAt, lineColumn, templateFault, templateSegments } from '../../web/src/pages/creatives/template-syntax';

const kinds = (src: string) => templateSegments(src).map((s) => [s.kind, s.text]);

describe('templateSegments', () => {
  it('marks spins (nested, with their depth), variables with fallbacks and escapes', () => {
    expect(kinds('{Hi|Hello {there|all}} {{firstName|friend}} \\{x\\}')).toEqual([
      ['spin-open', '{'],
      ['text', 'Hi'],
      ['spin-sep', '|'],
      ['text', 'Hello '],
      ['spin-open', '{'],
      ['text', 'there'],
      ['spin-sep', '|'],
      ['text', 'all'],
      ['spin-close', '}'],
      ['spin-close', '}'],
      ['text', ' '],
      ['var', '{{firstName|friend}}'],
      ['text', ' '],
      ['escape', '\\{'],
      ['text', 'x'],
      ['escape', '\\}'],
    ]);
    expect(
      templateSegments('{a|{b|c}}')
        .filter((s) => s.kind !== 'text')
        .map((s) => s.depth),
    ).toEqual([1, 1, 2, 2, 2, 1]);
  });

  it('copies style and script blocks as they are (CSS braces are no spintax), like the parser', () => {
    const src = '<style>p { color: red }</style><p>{a|b}</p>';
    expect(parseTemplate(src).ok).toBe(true);
    expect(kinds(src).slice(0, 2)).toEqual([
      ['raw', '<style>p { color: red }</'],
      ['text', 'style><p>'],
    ]);
  });

  it('reads `{{` that is no variable as nested spins, and `|` outside a spin as text', () => {
    expect(kinds('{{a|b}|c} x|y').map(([k]) => k)).toEqual([
      'spin-open',
      'spin-open',
      'text',
      'spin-sep',
      'text',
      'spin-close',
      'spin-sep',
      'text',
      'spin-close',
      'text',
    ]);
  });

  it('covers the source exactly, faults included, and finds the variables the parser finds', () => {
    const sources = [
      '',
      'plain',
      '{a|b',
      'a}b',
      '{{x}} {{ company.name | Acme }} {{cf.tier}}',
      '<script>{{not}}</script>{{firstName}}',
      '\\\\{a|b}',
      '{{x|a\\}b}}',
    ];
    for (const src of sources) {
      const segs = templateSegments(src);
      expect(segs.map((s) => s.text).join('')).toBe(src);
      segs.forEach((s, i) => expect(s.start).toBe(segs.slice(0, i).reduce((n, x) => n + x.text.length, 0)));
      const parsed = parseTemplate(src);
      if (parsed.ok) expect(segs.filter((s) => s.kind === 'var').map((s) => /\{\{\s*([^\s|}]+)/.exec(s.text)![1])).toEqual(parsed.tokens);
    }
  });
});

describe('faults', () => {
  it('places the parser’s fault at its line and column, with a caret under it', () => {
    const src = '<p>{Hi|Hello}</p>\n\t<p>a {great|good</p>';
    expect(templateFault(src)).toEqual({
      message: 'unbalanced "{"',
      position: src.indexOf('{great'),
      line: 2,
      column: 7,
      lineText: '\t<p>a {great|good</p>',
      caret: '\t     ^',
    });
    expect(templateFault('a}')).toMatchObject({ message: 'unbalanced "}"', line: 1, column: 2, caret: ' ^' });
    expect(templateFault('{a|b} {{x}}')).toBeNull();
  });

  it('reads a save’s 400 for subject or body as the same fault, and nothing else as one', () => {
    const src = 'ok\n{a|b';
    expect(faultFromMessage(src, 'bodyHtml: unbalanced "{" at 3')).toMatchObject({ message: 'unbalanced "{"', line: 2, column: 1 });
    expect(faultFromMessage(src, 'subject: unbalanced "}" at 1')).toMatchObject({ line: 1, column: 2 });
    expect(faultFromMessage(src, 'subject should not be empty')).toBeNull();
  });

  it('counts lines and columns from 1, past-the-end offsets on the last line', () => {
    expect(lineColumn('ab\ncd', 0)).toMatchObject({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 3)).toMatchObject({ line: 2, column: 1 });
    expect(lineColumn('ab\ncd', 99)).toMatchObject({ line: 2, column: 3 });
  });
});

describe('insertAt', () => {
  it('replaces the selection and puts the caret after the insert, clamped to the value', () => {
    expect(insertAt('Hi , bye', 3, 3, '{{firstName}}')).toEqual({ value: 'Hi {{firstName}}, bye', caret: 16 });
    expect(insertAt('Hi NAME!', 3, 7, '{{x}}')).toEqual({ value: 'Hi {{x}}!', caret: 8 });
    expect(insertAt('ab', 50, 60, 'c')).toEqual({ value: 'abc', caret: 3 });
  });
});

it('the creative types the pages offer are the API’s', () => {
  expect(CREATIVE_TYPES).toEqual(API_TYPES);
  expect(CHANNEL_TYPES).toEqual(API_CHANNEL_TYPES);
});
